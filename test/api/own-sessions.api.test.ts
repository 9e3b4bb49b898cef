import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { closeOf, graphqlWithSession, logIn, sessionWsClient, withSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/** «Sesiones activas» over REST and GraphQL: listed with device and address, ended one by one or all the others; their sockets close. */
let t: TestApp;
const PASSWORD = 'Clave-del-panel-2026';
const ANA = 'ana@lasbrisas.com.sv';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.createUser.execute({ accountId: t.account.id, email: ANA, password: PASSWORD, role: 'owner' });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'beto@lasbrisas.com.sv', password: PASSWORD, role: 'member' });
});
afterAll(async () => {
  await t.stop();
});

it('lists the user\'s own open sessions, the current first, with device, address and times — never a token', async () => {
  const phone = await logIn(t.url, ANA, PASSWORD, { 'User-Agent': IPHONE });
  const desk = await logIn(t.url, ANA, PASSWORD, { 'User-Agent': CHROME });
  await logIn(t.url, 'beto@lasbrisas.com.sv', PASSWORD);
  const r = await withSession(t.url, desk, 'GET', '/v1/auth/sessions');
  expect(r.status).toBe(200);
  expect(r.body.data.slice(0, 2)).toEqual([
    expect.objectContaining({ id: desk.body.id ?? expect.any(String), object: 'auth_session', current: true, device: 'Chrome 140 en Linux', ip: '127.0.0.1', user_agent: CHROME }),
    expect.objectContaining({ current: false, device: 'Safari 17 en iOS' }),
  ]);
  expect(r.body.data.every((s: any) => typeof s.created_at === 'string' && typeof s.last_seen_at === 'string' && typeof s.expires_at === 'string')).toBe(true);
  expect(r.text).not.toContain(phone.token);
  expect(r.text).not.toContain(phone.csrf);
  const g = await graphqlWithSession(t.url, phone, '{ mySessions { id current device } }');
  expect(g.body.data.mySessions[0]).toEqual({ id: expect.stringMatching(/^ses_/), current: true, device: 'Safari 17 en iOS' });
  // An API key has no sessions of its own.
  expect((await request(t.url, 'GET', '/v1/auth/sessions', { key: t.account.testKey })).status).toBe(401);
});

it('«Cerrar esta sesión» ends one session at once and closes its sockets; another user\'s session is 404 and stays', async () => {
  const other = await logIn(t.url, ANA, PASSWORD);
  const mine = await logIn(t.url, ANA, PASSWORD);
  const beto = await logIn(t.url, 'beto@lasbrisas.com.sv', PASSWORD);
  const client = sessionWsClient(t.url, other.cookie, t.url, { csrf_token: other.csrf });
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const closed = closeOf(client);
  client.subscribe({ query: 'subscription { documentStatusChanged { id } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  await connected;
  const list = (await withSession(t.url, mine, 'GET', '/v1/auth/sessions')).body.data as { id: string; current: boolean }[];
  const otherId = (await dbRows<{ id: string }>(t.db.url, 'select id from panel_sessions where csrf_token = $1', [other.csrf]))[0].id;
  expect(list.map((s) => s.id)).toContain(otherId);
  const betoId = (await dbRows<{ id: string }>(t.db.url, 'select id from panel_sessions where csrf_token = $1', [beto.csrf]))[0].id;
  expectProblem(await withSession(t.url, mine, 'DELETE', `/v1/auth/sessions/${betoId}`), 404, 'resource_not_found');
  expect((await withSession(t.url, beto, 'GET', '/v1/auth/session')).status).toBe(200);
  // Without the CSRF token nothing is done.
  expect((await withSession(t.url, mine, 'DELETE', `/v1/auth/sessions/${otherId}`, { csrf: false })).status).toBe(403);
  const r = await withSession(t.url, mine, 'DELETE', `/v1/auth/sessions/${otherId}`);
  expect(r.body).toEqual({ object: 'sessions_ended', ended: 1 });
  expect((await closed).code).toBe(4401);
  expect((await withSession(t.url, other, 'GET', '/v1/auth/session')).status).toBe(401);
  expect((await withSession(t.url, mine, 'GET', '/v1/auth/session')).status).toBe(200);
  await client.dispose();
});

it('«Cerrar las demás» ends every other session of the user (REST and GraphQL), keeps this one, and is audited', async () => {
  const a = await logIn(t.url, ANA, PASSWORD);
  const b = await logIn(t.url, ANA, PASSWORD);
  const mine = await logIn(t.url, ANA, PASSWORD);
  const r = await withSession(t.url, mine, 'POST', '/v1/auth/sessions/end-others', { idempotencyKey: null });
  expect(r.status).toBe(200);
  expect(r.body.ended).toBeGreaterThanOrEqual(2);
  for (const s of [a, b]) expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(401);
  expect((await withSession(t.url, mine, 'GET', '/v1/auth/sessions')).body.data).toEqual([expect.objectContaining({ current: true })]);
  const again = await logIn(t.url, ANA, PASSWORD);
  const g = await graphqlWithSession(t.url, mine, 'mutation { endOtherSessions { sessionsEnded { ended } errors { code } } }');
  expect(g.body.data.endOtherSessions).toEqual({ sessionsEnded: { ended: 1 }, errors: [] });
  expect((await withSession(t.url, again, 'GET', '/v1/auth/session')).status).toBe(401);
  const current = await graphqlWithSession(t.url, mine, 'mutation($id: ID!) { endSession(id: $id) { sessionsEnded { ended } errors { code } } }', { id: (await dbRows<{ id: string }>(t.db.url, 'select id from panel_sessions where csrf_token = $1', [mine.csrf]))[0].id });
  expect(current.body.data.endSession).toEqual({ sessionsEnded: { ended: 1 }, errors: [] });
  expect((await withSession(t.url, mine, 'GET', '/v1/auth/session')).status).toBe(401);
  expect((await dbRows(t.db.url, "select action from audit_entries where action = 'session.ended'")).length).toBeGreaterThanOrEqual(3);
});
