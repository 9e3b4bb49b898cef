import { ManualClock } from '../../src/services/shared/clock';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/domain/identity/session-lifetime';
import { dbRows } from '../support/db-rows';
import { closeOf, logIn, sessionWsClient, withSession, type PanelSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Client } from 'graphql-ws';

/**
 * A socket of a panel session closes with 4401 when the session ends by time — idle 30 minutes,
 * 8 hours in all — or when its row is swept, as a revoked key's socket closes. The clock port moves;
 * the test waits only for the socket's periodic check (at most 5 s).
 */
let t: TestApp;
const clock = new ManualClock(new Date());
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'ana@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
});

/** A subscription to documentStatusChanged on a session socket, once connected; `closed` resolves with the server's close code. */
async function subscribed(s: PanelSession): Promise<{ client: Client; closed: Promise<number | undefined> }> {
  const client = sessionWsClient(t.url, s.cookie, t.url, { csrf_token: s.csrf });
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const closed = closeOf(client).then((e) => e.code);
  client.subscribe({ query: 'subscription { documentStatusChanged { id status } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  await connected;
  return { client, closed };
}

describe('graphql-ws sockets of a panel session that ends', () => {
  it('idle past 30 minutes: closed with 4401, and HTTP answers 401', async () => {
    const s = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const { client, closed } = await subscribed(s);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1000);
    expect(await closed).toBe(4401);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(401);
    await client.dispose();
  });

  it('past 8 hours in all, though used every 20 minutes: closed with 4401', async () => {
    const s = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const { client, closed } = await subscribed(s);
    let state = 'open';
    void closed.then(() => (state = 'closed'));
    for (let elapsed = 0; elapsed + 20 * 60_000 < SESSION_ABSOLUTE_MS; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(200);
    }
    expect(state).toBe('open');
    clock.advance(20 * 60_000);
    expect(await closed).toBe(4401);
    await client.dispose();
  });

  it('its row swept by the cleanup job: closed with 4401 at once', async () => {
    const s = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const { client, closed } = await subscribed(s);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1000);
    const swept = await t.app.services.cleanupPanelSessions.execute();
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await closed).toBe(4401);
    expect(await dbRows(t.db.url, 'select id from panel_sessions where user_id = (select id from users where email = $1) and expires_at > $2', ['ana@lasbrisas.com.sv', clock.now()])).toEqual([]);
    await client.dispose();
  });
});
