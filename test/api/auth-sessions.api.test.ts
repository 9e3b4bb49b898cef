import { emitterBody } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { graphqlWithSession, logIn, withSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { ManualClock } from '../../src/services/shared/clock';

/**
 * Panel sessions over HTTP against PostgreSQL: login, the cookie, CSRF on every non-safe method,
 * logout, idle and absolute expiry (a manual clock), throttling, roles and account isolation.
 */
const clock = new ManualClock(new Date());
let t: TestApp;
let https: TestApp;
const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

beforeAll(async () => {
  [t, https] = await Promise.all([startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, { clock }), startTestApp({ PUBLIC_BASE_URL: 'https://facturas.example.com' })]);
  await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
  await https.app.services.createUser.execute({ accountId: https.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await Promise.all([t.stop(), https.stop()]);
});
// Each test starts two hours later: no throttling window or session carries over.
beforeEach(() => clock.advance(2 * 3600_000));

const count = async (sql: string, params: unknown[] = []) => Number((await dbRows<{ n: string }>(t.db.url, sql, params))[0].n);

describe('login and the session cookie', () => {
  it('answers the Session and sets service_session HttpOnly, SameSite, Path=/, no Domain, not Secure over http', async () => {
    const r = await request(t.url, 'POST', '/v1/auth/login', { body: { email: '  DUENA@LasBrisas.com.sv ', password: PASSWORD }, idempotencyKey: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      object: 'session',
      user: { id: expect.stringMatching(/^usr_/), email: OWNER, role: 'owner' },
      account_id: t.account.id,
      environment: '00',
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
      second_factor: 'none',
    });
    const cookie = r.headers.get('set-cookie')!;
    const attrs = cookie.split(';').map((p) => p.trim());
    expect(attrs[0]).toMatch(/^service_session=[A-Za-z0-9_-]{43}$/);
    expect(attrs).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(cookie).not.toMatch(/domain=/i);
    expect(cookie).not.toMatch(/secure/i);
    expect(r.headers.get('cache-control')).toBe('no-store');
    // Only the token's hash is stored.
    const token = attrs[0].split('=')[1];
    const rows = await dbRows<{ token_hash: string }>(t.db.url, 'select token_hash from panel_sessions');
    expect(rows.map((x) => x.token_hash)).not.toContain(token);
  });

  it('sets Secure and the __Host- prefix when the public address is https; only that cookie counts there', async () => {
    const s = await logIn(https.url, OWNER, PASSWORD);
    const attrs = s.setCookie.split(';').map((p) => p.trim());
    expect(attrs).toContain('Secure');
    expect(attrs).toContain('Path=/');
    expect(attrs.some((a) => /^domain=/i.test(a))).toBe(false);
    expect(attrs[0]).toMatch(/^__Host-service_session=[A-Za-z0-9_-]{43}$/);
    expect((await request(https.url, 'GET', '/v1/auth/session', { headers: { Cookie: s.cookie } })).status).toBe(200);
    // The same token under the unprefixed name (what a sibling subdomain could plant) is no session there.
    expect((await request(https.url, 'GET', '/v1/auth/session', { headers: { Cookie: `service_session=${s.token}` } })).status).toBe(401);
    const out = await request(https.url, 'POST', '/v1/auth/logout', { headers: { Cookie: s.cookie, 'X-CSRF-Token': s.csrf }, idempotencyKey: null });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-service_session=; Path=\/; Max-Age=0/);
  });

  it('over http behind a trusted TLS proxy (X-Forwarded-Proto: https) the cookie is __Host- too', async () => {
    const behind = await startTestApp({ TRUST_PROXY: 'loopback' });
    try {
      await behind.app.services.createUser.execute({ accountId: behind.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
      const s = await logIn(behind.url, OWNER, PASSWORD, { 'X-Forwarded-Proto': 'https' });
      expect(s.setCookie).toMatch(/^__Host-service_session=.*; Secure$/);
      expect((await request(behind.url, 'GET', '/v1/auth/session', { headers: { Cookie: s.cookie, 'X-Forwarded-Proto': 'https' } })).status).toBe(200);
    } finally {
      await behind.stop();
    }
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const unknown = await request(t.url, 'POST', '/v1/auth/login', { body: { email: 'nadie@lasbrisas.com.sv', password: PASSWORD }, idempotencyKey: null });
    const wrong = await request(t.url, 'POST', '/v1/auth/login', { body: { email: OWNER, password: 'otra-clave-cualquiera' }, idempotencyKey: null });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    const { request_id: _a, ...u } = unknown.body;
    const { request_id: _b, ...w } = wrong.body;
    expect(u).toEqual(w);
    expect(u.type).toMatch(/\/problems\/invalid_credentials$/);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('never adopts a planted cookie: the session id is new at every login and the old one ends', async () => {
    const planted = 'plantado-por-un-atacante-0123456789abcdefghij';
    const s = await logIn(t.url, OWNER, PASSWORD, { Cookie: `service_session=${planted}` });
    expect(s.token).not.toBe(planted);
    expect((await request(t.url, 'GET', '/v1/auth/session', { headers: { Cookie: `service_session=${planted}` } })).status).toBe(401);
    const again = await logIn(t.url, OWNER, PASSWORD, { Cookie: s.cookie });
    expect(again.token).not.toBe(s.token);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(401);
    expect((await withSession(t.url, again, 'GET', '/v1/auth/session')).status).toBe(200);
  });

  it('GET /v1/auth/session answers the session; 401 without one', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const r = await withSession(t.url, s, 'GET', '/v1/auth/session');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(s.body);
    expect((await request(t.url, 'GET', '/v1/auth/session')).status).toBe(401);
  });

  it('Authorization: Bearer ignores the cookie entirely', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    // A valid key beside a valid cookie: the key decides, and there is no panel session.
    const withKey = await request(t.url, 'GET', '/v1/auth/session', { key: t.account.testKey, headers: { Cookie: s.cookie } });
    expect(withKey.status).toBe(401);
    // A bad key beside a valid cookie: refused, no fallback to the cookie.
    const badKey = await request(t.url, 'GET', '/v1/emitters', { key: 'sk_test_000000000000000000000000', headers: { Cookie: s.cookie } });
    expect(badKey.status).toBe(401);
    // A key needs no CSRF token even with a cookie present.
    const created = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, headers: { Cookie: s.cookie }, body: emitterBody({ nit: '06140101261011' }) });
    expect(created.status).toBe(201);
  });
});

describe('CSRF with a session', () => {
  it('REST POST, PATCH and DELETE without or with a wrong X-CSRF-Token answer 403 and change nothing', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const before = await count('select count(*) as n from emitters');
    for (const csrf of [false, 'x'.repeat(43), ''] as const) {
      const r = await withSession(t.url, s, 'POST', '/v1/emitters', { body: emitterBody({ nit: '06140101261022' }), csrf });
      expect([r.status, r.body.type]).toEqual([403, expect.stringMatching(/\/problems\/csrf_token_invalid$/)]);
    }
    expect(await count('select count(*) as n from emitters')).toBe(before);

    const ok = await withSession(t.url, s, 'POST', '/v1/emitters', { body: emitterBody({ nit: '06140101261033' }) });
    expect(ok.status).toBe(201);
    const id = ok.body.id;
    const patch = await withSession(t.url, s, 'PATCH', `/v1/emitters/${id}`, { body: { name: 'Otro nombre' }, csrf: false });
    expect(patch.status).toBe(403);
    expect((await dbRows<{ name: string }>(t.db.url, 'select name from emitters where id = $1', [id]))[0].name).toBe(emitterBody().name);

    const hook = await withSession(t.url, s, 'POST', '/v1/webhook-endpoints', { body: { url: 'http://127.0.0.1:9/dte', events: ['*'] } });
    expect(hook.status).toBe(201);
    const del = await withSession(t.url, s, 'DELETE', `/v1/webhook-endpoints/${hook.body.id}`, { csrf: 'incorrecto' });
    expect(del.status).toBe(403);
    expect(await count('select count(*) as n from webhook_endpoints where id = $1', [hook.body.id])).toBe(1);
    // Reads need no token.
    expect((await withSession(t.url, s, 'GET', `/v1/emitters/${id}`, { csrf: false })).status).toBe(200);
  });

  it('a cross-site form POST carrying the cookie is refused and changes nothing', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const before = await count('select count(*) as n from webhook_endpoints');
    const r = await withSession(t.url, s, 'POST', '/v1/webhook-endpoints', {
      raw: 'url=https%3A%2F%2Fevil.example.com&events=*',
      csrf: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example.com', Referer: 'https://evil.example.com/form' },
    });
    expect(r.status).toBe(403);
    const gql = await withSession(t.url, s, 'POST', '/graphql', {
      raw: 'query=mutation{createWebhookEndpoint(input:{url:"https://evil.example.com",events:["*"]}){errors{code}}}',
      csrf: false,
      idempotencyKey: null,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example.com' },
    });
    expect(gql.status).toBe(403);
    expect(await count('select count(*) as n from webhook_endpoints')).toBe(before);
  });

  it('on /graphql every POST with a session needs the token, queries included (CSRF_TOKEN_INVALID)', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const q = await graphqlWithSession(t.url, s, '{ viewer { accountId environment } }', {}, { csrf: false });
    expect(q.status).toBe(403);
    expect(q.body.errors[0].extensions.code).toBe('CSRF_TOKEN_INVALID');
    const before = await count('select count(*) as n from emitters');
    const m = await graphqlWithSession(t.url, s, 'mutation($i: CreateEmitterInput!) { createEmitter(input: $i) { emitter { id } errors { code } } }', { i: { nit: '06140101261044', nrc: '1234567', name: 'X', economicActivity: '47190', address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' }, email: 'x@x.com' } }, { csrf: 'malo' });
    expect(m.status).toBe(403);
    expect(await count('select count(*) as n from emitters')).toBe(before);
    const ok = await graphqlWithSession(t.url, s, '{ viewer { accountId environment } }');
    expect(ok.status).toBe(200);
    expect(ok.body.data.viewer).toEqual({ accountId: t.account.id, environment: '00' });
  });

  it('a GET query on /graphql with a session needs no token but the preflight header a cross-site page cannot send; no mutation runs over GET', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const path = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;
    const read = await withSession(t.url, s, 'GET', path('{ viewer { accountId environment } }'), { csrf: false, headers: { 'apollo-require-preflight': 'true' } });
    expect(read.status).toBe(200);
    expect(read.body.data.viewer).toEqual({ accountId: t.account.id, environment: '00' });
    // What a cross-site <img>, link or form GET would send: the cookie, no custom header.
    const simple = await withSession(t.url, s, 'GET', path('{ viewer { accountId } }'), { csrf: false, headers: { Origin: 'https://evil.example.com' } });
    expect(simple.status).toBe(400);
    expect(simple.text).not.toContain(t.account.id);
    const before = await count('select count(*) as n from webhook_endpoints');
    const mutation = await withSession(t.url, s, 'GET', path('mutation { createWebhookEndpoint(input: {url: "https://evil.example.com", events: ["*"]}) { errors { code } } }'), { csrf: false, headers: { 'apollo-require-preflight': 'true' } });
    expect(mutation.status).toBe(405);
    expect(await count('select count(*) as n from webhook_endpoints')).toBe(before);
  });

  it('a POST with a session still needs Idempotency-Key, except under /v1/auth/*', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const r = await withSession(t.url, s, 'POST', '/v1/webhook-endpoints', { body: { url: 'https://hooks.example.com/x', events: ['*'] }, idempotencyKey: null });
    expect(r.status).toBe(400);
    expect(r.body.type).toMatch(/idempotency_key_missing$/);
    expect((await withSession(t.url, s, 'POST', '/v1/auth/logout', { idempotencyKey: null })).status).toBe(204);
  });
});

describe('logout and expiry', () => {
  it('logout answers 204, clears the cookie and kills the session at once', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    const missingCsrf = await withSession(t.url, s, 'POST', '/v1/auth/logout', { csrf: false, idempotencyKey: null });
    expect(missingCsrf.status).toBe(403);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(200);
    const out = await withSession(t.url, s, 'POST', '/v1/auth/logout', { idempotencyKey: null });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^service_session=; Path=\/; Max-Age=0/);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(401);
    expect((await withSession(t.url, s, 'GET', '/v1/emitters')).status).toBe(401);
    expect((await graphqlWithSession(t.url, s, '{ viewer { accountId } }')).status).toBe(401);
    expect(await count('select count(*) as n from panel_sessions where token_hash = encode(sha256($1::bytea), \'hex\')', [s.token])).toBe(0);
  });

  it('idle timeout of 30 minutes rolls with use; the absolute limit is 8 hours', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    for (let i = 0; i < 16; i++) {
      clock.advance(29 * 60_000);
      const r = await withSession(t.url, s, 'GET', '/v1/auth/session');
      expect([i, r.status]).toEqual([i, 200]);
    }
    // 16 × 29 min = 7 h 44 min: still alive; past 8 h it is over even though it was used.
    clock.advance(17 * 60_000);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(401);

    const idle = await logIn(t.url, OWNER, PASSWORD);
    clock.advance(30 * 60_000 + 1000);
    expect((await withSession(t.url, idle, 'GET', '/v1/auth/session')).status).toBe(401);
  });

  it('PATCH /v1/auth/session switches the environment (CSRF required)', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    expect((await withSession(t.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '01' }, csrf: false })).status).toBe(403);
    const bad = await withSession(t.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '02' } });
    expect(bad.status).toBe(422);
    const r = await withSession(t.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '01' } });
    expect([r.status, r.body.environment]).toEqual([200, '01']);
    const v = await graphqlWithSession(t.url, s, '{ viewer { environment } }');
    expect(v.body.data.viewer.environment).toBe('01');
  });
});

describe('login throttling', () => {
  it('after 5 failures for one e-mail and address, every attempt answers 429 with Retry-After until the window ends', async () => {
    const email = 'throttle@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email, password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const r = await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: `incorrecta-${i}` }, idempotencyKey: null });
      expect([i, r.status]).toEqual([i, 401]);
      clock.advance(60_000);
    }
    // The first failure was 5 minutes ago: 10 minutes of the 15-minute window remain.
    const right = await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD }, idempotencyKey: null });
    expect(right.status).toBe(429);
    expect(right.body.type).toMatch(/\/problems\/login_throttled$/);
    expect(right.headers.get('retry-after')).toBe('600');
    expect(right.headers.get('set-cookie')).toBeNull();
    // Another e-mail from the same address is not throttled by this pair.
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email: OWNER, password: PASSWORD }, idempotencyKey: null })).status).toBe(200);
    clock.advance(600_000 - 1000);
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD }, idempotencyKey: null })).headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD }, idempotencyKey: null })).status).toBe(200);
  });

  it('at most 50 failures per address per hour across e-mails', async () => {
    for (let i = 0; i < 50; i++) {
      const r = await request(t.url, 'POST', '/v1/auth/login', { body: { email: `intruso${i}@example.com`, password: 'no-importa-1234' }, idempotencyKey: null });
      expect([i, r.status]).toEqual([i, 401]);
    }
    const r = await request(t.url, 'POST', '/v1/auth/login', { body: { email: OWNER, password: PASSWORD }, idempotencyKey: null });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBe(3600);
    clock.advance(3600_000);
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email: OWNER, password: PASSWORD }, idempotencyKey: null })).status).toBe(200);
  });
});

describe('roles and accounts', () => {
  it('a viewer reads but cannot write (403, nothing created)', async () => {
    const email = 'lectura@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email, password: PASSWORD, role: 'viewer' });
    const s = await logIn(t.url, email, PASSWORD);
    expect((await withSession(t.url, s, 'GET', '/v1/emitters')).status).toBe(200);
    const before = await count('select count(*) as n from emitters');
    const r = await withSession(t.url, s, 'POST', '/v1/emitters', { body: emitterBody({ nit: '06140101261055' }) });
    expect([r.status, r.body.type]).toEqual([403, expect.stringMatching(/insufficient_scope$/)]);
    expect(r.body.detail).toMatch(/rol/);
    const g = await graphqlWithSession(t.url, s, 'mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com/v", events: ["*"] }) { errors { code } } }');
    expect(g.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    expect(await count('select count(*) as n from emitters')).toBe(before);
  });

  it("one account's user never sees another account's data (REST and GraphQL)", async () => {
    const other = await t.newAccount('Otra cuenta');
    const theirs = await request(t.url, 'POST', '/v1/emitters', { key: other.testKey, body: emitterBody({ nit: '06140101261066' }) });
    expect(theirs.status).toBe(201);
    const s = await logIn(t.url, OWNER, PASSWORD);
    expect((await withSession(t.url, s, 'GET', `/v1/emitters/${theirs.body.id}`)).status).toBe(404);
    const list = await withSession(t.url, s, 'GET', '/v1/emitters?limit=100');
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(theirs.body.id);
    const g = await graphqlWithSession(t.url, s, 'query($id: ID!) { emitter(id: $id) { id } }', { id: theirs.body.id });
    expect(g.body.data.emitter).toBeNull();
    const patch = await withSession(t.url, s, 'PATCH', `/v1/emitters/${theirs.body.id}`, { body: { name: 'Tomada' } });
    expect(patch.status).toBe(404);
    // And the other way round, their key does not see the session's account.
    expect((await graphql(t.url, other.testKey, '{ viewer { accountId } }')).body.data.viewer.accountId).toBe(other.id);
  });
});

describe('secrets in logs', () => {
  it('passwords and session tokens are never logged', async () => {
    const s = await logIn(t.url, OWNER, PASSWORD);
    await request(t.url, 'POST', '/v1/auth/login', { body: { email: OWNER, password: 'Contraseña-equivocada-99' }, idempotencyKey: null });
    await withSession(t.url, s, 'GET', '/v1/auth/session');
    const logs = t.logs.join('\n');
    expect(logs).toContain('/v1/auth/login');
    for (const secret of [PASSWORD, 'Contraseña-equivocada-99', s.token, s.csrf]) expect(logs).not.toContain(secret);
  });

  it('passwords are never logged when a user is created, a password is set or refused, or the new password logs in', async () => {
    const from = t.logs.length;
    const email = 'cajero@lasbrisas.com.sv';
    const [first, second, refused] = ['Primera-clave-Q7w9', 'Segunda-clave-Z4k2', 'cortaX9'];
    await t.app.services.createUser.execute({ accountId: t.account.id, email, password: first, role: 'member' });
    await t.app.services.setUserPassword.execute({ email, password: second });
    await expect(t.app.services.setUserPassword.execute({ email, password: refused })).rejects.toThrow();
    await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: first }, idempotencyKey: null });
    const s = await logIn(t.url, email, second);
    await withSession(t.url, s, 'POST', '/v1/auth/logout');
    const logs = t.logs.slice(from).join('\n');
    expect(logs).toContain('/v1/auth/login');
    for (const secret of [first, second, refused, s.token]) expect(logs).not.toContain(secret);
  });
});
