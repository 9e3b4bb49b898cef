import type { Client } from 'graphql-ws';
import { feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { logIn, sessionWsClient, withSession, type PanelSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/mh-control';

/** graphql-ws with the panel session: the cookie on the upgrade, the service's own Origin, the CSRF token in connection_init. */
let t: TestApp;
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'ana@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
});

const HEARTBEAT = 'subscription { heartbeat(intervalMs: 50) { sequence } }';

/** First heartbeat, or the close/error that refused the socket. */
function firstResult(client: Client, query = HEARTBEAT): Promise<{ data?: unknown; code?: number }> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(
      { query },
      {
        next: (v) => {
          dispose();
          resolve({ data: v.data });
        },
        error: (e) => resolve({ code: (e as { code?: number }).code }),
        complete: () => undefined,
      },
    );
  });
}

describe('cookie-authenticated graphql-ws', () => {
  let s: PanelSession;
  beforeAll(async () => {
    s = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
  });

  it('accepts the cookie from the own Origin with the CSRF token in connection_init', async () => {
    const client = sessionWsClient(t.url, s.cookie, t.url, { csrf_token: s.csrf });
    expect(await firstResult(client)).toEqual({ data: { heartbeat: { sequence: 0 } } });
    await client.dispose();
  });

  it.each([
    ['a cross-site Origin', 'https://evil.example.com', true],
    ['no Origin', null, true],
    ['no CSRF token', 'own', false],
  ] as const)('refuses %s (close 4403)', async (_label, origin, withCsrf) => {
    const client = sessionWsClient(t.url, s.cookie, origin === 'own' ? t.url : origin, withCsrf ? { csrf_token: s.csrf } : {});
    expect(await firstResult(client)).toEqual({ code: 4403 });
    await client.dispose();
  });

  it('refuses a wrong CSRF token and a dead cookie', async () => {
    const wrong = sessionWsClient(t.url, s.cookie, t.url, { csrf_token: 'A'.repeat(43) });
    expect(await firstResult(wrong)).toEqual({ code: 4403 });
    await wrong.dispose();
    const dead = sessionWsClient(t.url, 'service_session=' + 'B'.repeat(43), t.url, { csrf_token: s.csrf });
    expect(await firstResult(dead)).toEqual({ code: 4403 });
    await dead.dispose();
  });

  it('logout closes the session’s open sockets at once (4401)', async () => {
    const mine = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
    const client = sessionWsClient(t.url, mine.cookie, t.url, { csrf_token: mine.csrf });
    const seen: number[] = [];
    const closed = new Promise<{ code?: number }>((resolve) => {
      client.subscribe(
        { query: 'subscription { heartbeat(intervalMs: 50) { sequence } }' },
        { next: (v) => void seen.push((v.data as { heartbeat: { sequence: number } }).heartbeat.sequence), error: (e) => resolve({ code: (e as { code?: number }).code }), complete: () => resolve({}) },
      );
    });
    await waitFor(async () => seen.length > 0);
    // Another session of the same user keeps its socket.
    const other = sessionWsClient(t.url, s.cookie, t.url, { csrf_token: s.csrf });
    expect(await firstResult(other)).toEqual({ data: { heartbeat: { sequence: 0 } } });
    expect((await withSession(t.url, mine, 'POST', '/v1/auth/logout', { idempotencyKey: null })).status).toBe(204);
    expect(await closed).toEqual({ code: 4401 });
    expect(await firstResult(other)).toEqual({ data: { heartbeat: { sequence: 0 } } });
    await Promise.all([client.dispose(), other.dispose()]);
  });

  it("one account's user never receives another account's document changes", async () => {
    const other = await t.newAccount('Otra cuenta');
    await t.app.services.createUser.execute({ accountId: other.id, email: 'beto@otra.com.sv', password: PASSWORD, role: 'member' });
    const [mine, theirs] = await Promise.all([createIssuer(t.url, t.account.testKey), createIssuer(t.url, other.testKey)]);
    const sOther = await logIn(t.url, 'beto@otra.com.sv', PASSWORD);
    const subscribe = (session: PanelSession) => {
      const ids: string[] = [];
      const client = sessionWsClient(t.url, session.cookie, t.url, { csrf_token: session.csrf });
      client.subscribe(
        { query: 'subscription { documentStatusChanged { id status } }' },
        { next: (v) => void ids.push((v.data as { documentStatusChanged: { id: string } }).documentStatusChanged.id), error: () => undefined, complete: () => undefined },
      );
      return { client, ids };
    };
    const a = subscribe(s);
    const b = subscribe(sOther);
    // A subscription is live once it has seen one of its own account's documents (issued until one arrives).
    const issued: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const issueUntilSeen = (who: 'a' | 'b') =>
      waitFor(async () => {
        const sub = who === 'a' ? a : b;
        const r = who === 'a' ? await withSession(t.url, s, 'POST', '/v1/documents', { body: feBody(mine) }) : await request(t.url, 'POST', '/v1/documents', { key: other.testKey, body: feBody(theirs) });
        expect(r.status).toBe(201);
        issued[who].push(r.body.id);
        return waitFor(async () => sub.ids.includes(r.body.id), 2000, 50).catch(() => false);
      }, 30_000, 10);
    await issueUntilSeen('a');
    await issueUntilSeen('b');
    await issueUntilSeen('a');
    expect(a.ids.filter((id) => issued.b.includes(id))).toEqual([]);
    expect(b.ids.filter((id) => issued.a.includes(id))).toEqual([]);
    expect(a.ids.length).toBeGreaterThan(0);
    await Promise.all([a.client.dispose(), b.client.dispose()]);
  });
});
