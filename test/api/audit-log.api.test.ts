import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { graphqlWithSession, logIn, sessionWsClient, withSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET /v1/audit-log and GraphQL auditLog against PostgreSQL: entries written with the action (logins
 * that succeed and fail, keys, credentials), newest first, cursor-paginated, without secrets, a
 * session only, and one account's log never showing another's.
 */
let t: TestApp;
let stranger: { id: string; testKey: string; liveKey: string };
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  t = await startTestApp();
  stranger = await t.newAccount('Otra cuenta');
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'lectura@lasbrisas.com.sv', password: PASSWORD, role: 'viewer' });
  await t.app.services.createUser.execute({ accountId: stranger.id, email: 'dueno@otra.com.sv', password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
});

describe('GET /v1/audit-log', () => {
  it('records logins (failed and succeeded), key creation and credentials uploaded, newest first, without secrets', async () => {
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email: 'duena@lasbrisas.com.sv', password: 'no-es-la-clave' }, idempotencyKey: null, headers: { 'User-Agent': 'Prueba/1.0' } })).status).toBe(401);
    const s = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD, { 'User-Agent': 'Prueba/1.0' });
    const key = await withSession(t.url, s, 'POST', '/v1/api-keys', { body: { name: 'Auditada' } });
    await createIssuer(t.url, t.account.testKey, { nit: '06140707071234' });
    const r = await withSession(t.url, s, 'GET', '/v1/audit-log');
    expect(r.status).toBe(200);
    const actions = r.body.data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 6)).toEqual(['credentials.uploaded', 'establishment.created', 'emitter.created', 'api_key.created', 'session.login_succeeded', 'session.login_failed']);
    const [creds, , , created, ok, failed] = r.body.data;
    expect(failed).toEqual({
      id: expect.stringMatching(/^aud_/),
      object: 'audit_entry',
      action: 'session.login_failed',
      actor: { type: 'anonymous', id: s.body.user.id, email: 'duena@lasbrisas.com.sv', key_id: null, key_label: null },
      ip: '127.0.0.1',
      user_agent: 'Prueba/1.0',
      target: { type: 'user', id: s.body.user.id, label: 'duena@lasbrisas.com.sv' },
      details: {},
      created_at: expect.any(String),
    });
    expect(ok).toMatchObject({ actor: { type: 'user', id: s.body.user.id }, target: { type: 'session', id: expect.stringMatching(/^ses_/), label: null } });
    expect(created).toMatchObject({ actor: { type: 'user', email: 'duena@lasbrisas.com.sv', key_id: ok.target.id }, target: { type: 'api_key', id: key.body.id, label: 'Auditada' } });
    // The key that acted is named too (the account's test key has no name: its prefix).
    expect(creds).toMatchObject({ actor: { type: 'api_key', id: null, key_id: expect.stringMatching(/^key_/), key_label: `${t.account.testKey.slice(0, 12)}…` }, target: { type: 'emitter', label: 'Comercial Las Brisas, S.A. de C.V.' }, details: { environment: '00', certificate_replaced: true } });
    expect(r.text).not.toContain(key.body.key);
    expect(r.text).not.toContain(PASSWORD);

    const page1 = await withSession(t.url, s, 'GET', '/v1/audit-log?limit=2');
    expect([page1.body.data.length, page1.body.has_more]).toEqual([2, true]);
    const page2 = await withSession(t.url, s, 'GET', `/v1/audit-log?limit=2&starting_after=${page1.body.data[1].id}`);
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual(r.body.data.slice(2, 4).map((e: { id: string }) => e.id));

    const g = await graphqlWithSession(t.url, s, '{ auditLog(first: 2) { nodes { action actor { type email } details } pageInfo { hasNextPage } } }');
    expect(g.body.data.auditLog).toEqual({ nodes: [{ action: 'credentials.uploaded', actor: { type: 'api_key', email: null }, details: expect.objectContaining({ environment: '00' }) }, { action: 'establishment.created', actor: { type: 'api_key', email: null }, details: expect.objectContaining({ code: 'M001' }) }], pageInfo: { hasNextPage: true } });
    // Any role reads it.
    const viewer = await logIn(t.url, 'lectura@lasbrisas.com.sv', PASSWORD);
    expect((await withSession(t.url, viewer, 'GET', '/v1/audit-log')).status).toBe(200);
  });

  it('names each target the way a person knows it: a key without a name by its prefix, a removed user by the e-mail the entry recorded', async () => {
    const s = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD);
    const cliKey = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', audit: { cli: { ip: null, userAgent: 'cli prueba@servidor' } } });
    const invited = await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'temporal@lasbrisas.com.sv', role: 'viewer' } });
    expect(invited.status).toBe(201);
    expect((await withSession(t.url, s, 'DELETE', `/v1/users/${invited.body.id}`)).status).toBe(204);
    const r = await withSession(t.url, s, 'GET', '/v1/audit-log?limit=5');
    const byAction = (action: string) => r.body.data.find((e: { action: string }) => e.action === action);
    expect(byAction('api_key.created').target).toEqual({ type: 'api_key', id: cliKey.id, label: `${cliKey.entity.displayPrefix}…` });
    expect(byAction('user.invited').target).toEqual({ type: 'user', id: invited.body.id, label: 'temporal@lasbrisas.com.sv' });
    expect(byAction('user.removed').target).toEqual({ type: 'user', id: invited.body.id, label: 'temporal@lasbrisas.com.sv' });
    const g = await graphqlWithSession(t.url, s, '{ auditLog(first: 1) { nodes { action target { type id label } } } }');
    expect(g.body.data.auditLog.nodes).toEqual([{ action: 'user.removed', target: { type: 'user', id: invited.body.id, label: 'temporal@lasbrisas.com.sv' } }]);
  });

  it('an action sent over graphql-ws is recorded with the address and User-Agent of the connection\'s upgrade request', async () => {
    const s = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD);
    const ws = sessionWsClient(t.url, s.cookie, t.url, { csrf_token: s.csrf }, { 'User-Agent': 'Navegador del panel/2.0' });
    try {
      const run = (query: string) =>
        new Promise<Record<string, any>>((resolve, reject) => {
          let result: Record<string, any> = {};
          ws.subscribe({ query }, { next: (r) => (result = r as Record<string, any>), error: reject, complete: () => resolve(result) });
        });
      const created = await run('mutation { createApiKey(input: {name: "Por WebSocket"}) { apiKey { id } errors { code } } }');
      const id = created.data.createApiKey.apiKey.id as string;
      await run(`mutation { revokeApiKey(id: "${id}") { apiKey { id } errors { code } } }`);
      const rows = await dbRows<Record<string, any>>(t.db.url, 'select action, actor_type, actor_user_id, actor_email, actor_key_id, ip, user_agent, target_type, target_id from audit_entries where target_id = $1 order by id', [id]);
      const who = { actor_type: 'user', actor_user_id: s.body.user.id, actor_email: 'duena@lasbrisas.com.sv', actor_key_id: expect.stringMatching(/^ses_/), ip: '127.0.0.1', user_agent: 'Navegador del panel/2.0', target_type: 'api_key', target_id: id };
      expect(rows).toEqual([
        { action: 'api_key.created', ...who },
        { action: 'api_key.revoked', ...who },
      ]);
    } finally {
      await ws.dispose();
    }
  });

  it('an API key gets 403 session_required (REST and GraphQL); another account never sees these entries', async () => {
    expectProblem(await request(t.url, 'GET', '/v1/audit-log', { key: t.account.testKey }), 403, 'session_required');
    const g = await graphql(t.url, t.account.testKey, '{ auditLog { nodes { id } } }');
    expect(g.body.errors[0].extensions.code).toBe('SESSION_REQUIRED');
    const theirs = await logIn(t.url, 'dueno@otra.com.sv', PASSWORD);
    const r = await withSession(t.url, theirs, 'GET', '/v1/audit-log?limit=100');
    const own = await dbRows<{ id: string }>(t.db.url, 'select id from audit_entries where account_id = $1', [t.account.id]);
    expect(own.length).toBeGreaterThan(0);
    const ids = new Set(own.map((e) => e.id));
    expect(r.body.data.some((e: { id: string }) => ids.has(e.id))).toBe(false);
    expect(r.body.data.map((e: { action: string }) => e.action)).toEqual(['session.login_succeeded']);
  });
});
