import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { graphqlWithSession, logIn, sessionsByRole, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { ManualClock } from '../../src/services/shared/clock';

/**
 * API keys from the panel over REST and GraphQL against PostgreSQL: a session only, scopes within
 * the role, sk_live_ only from a production session, shown once, revoked at once, audited in the
 * same transaction, last_used_at written at most once a minute, one account never reaching another's.
 */
const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
let t: TestApp;
const PASSWORD = 'Clave-del-panel-2026';
let owner: PanelSession;
let member: PanelSession;
let viewer: PanelSession;
let stranger: PanelSession;
let strangerAccount: { id: string; testKey: string; liveKey: string };

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ({ owner, member, viewer, stranger, strangerAccount } = await sessionsByRole(t, PASSWORD));
});
afterAll(async () => {
  await t.stop();
});

const keyCount = async () => Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from api_keys'))[0].n);
const auditOf = (action: string, targetId: string) =>
  dbRows<Record<string, any>>(t.db.url, 'select * from audit_entries where action = $1 and target_id = $2', [action, targetId]);

describe('POST /v1/api-keys', () => {
  it('an owner creates a key shown once; it works at once; the list shows only its prefix; the audit entry is written', async () => {
    const r = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'ERP casa matriz', scopes: ['documents:write', 'fiscal:close'] }, headers: { 'User-Agent': 'Navegador de prueba' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^key_/),
      object: 'api_key',
      name: 'ERP casa matriz',
      environment: '00',
      prefix: r.body.key.slice(0, 12),
      scopes: ['documents:write', 'fiscal:close'],
      created_at: clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
      created_by_user_id: owner.body.user.id,
      emitter_ids: null,
      document_types: null,
      allowed_ips: null,
      expires_at: null,
      key: expect.stringMatching(/^sk_test_[0-9A-Za-z]{32}$/),
    });
    expect((await request(t.url, 'GET', '/v1/documents', { key: r.body.key })).status).toBe(200);

    const list = await withSession(t.url, owner, 'GET', '/v1/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === r.body.id);
    expect(listed).toMatchObject({ id: r.body.id, prefix: r.body.key.slice(0, 12) });
    expect(listed.key).toBeUndefined();
    expect(list.text).not.toContain(r.body.key);
    // The account's CLI keys are listed too, in the session's environment only.
    expect(list.body.data.map((k: { environment: string }) => k.environment).every((e: string) => e === '00')).toBe(true);

    const [entry] = await auditOf('api_key.created', r.body.id);
    expect(entry).toMatchObject({
      account_id: t.account.id,
      actor_type: 'user',
      actor_user_id: owner.body.user.id,
      actor_email: 'duena@lasbrisas.com.sv',
      actor_key_id: expect.stringMatching(/^ses_/),
      ip: '127.0.0.1',
      user_agent: 'Navegador de prueba',
      details: { name: 'ERP casa matriz', environment: '00', scopes: ['documents:write', 'fiscal:close'], prefix: r.body.key.slice(0, 12), emitter_ids: null, document_types: null, allowed_ips: null, expires_at: null },
    });
    expect(JSON.stringify(entry)).not.toContain(r.body.key);
  });

  it('a replay with the same Idempotency-Key answers the same key, which is stored sealed, never in clear', async () => {
    const first = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Reintento' }, idempotencyKey: 'crear-llave-1' });
    const again = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Reintento' }, idempotencyKey: 'crear-llave-1' });
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const stored = await dbRows<{ response_body: string }>(t.db.url, 'select response_body from idempotency_records where key = $1', ['crear-llave-1']);
    expect(stored).toHaveLength(1);
    expect(stored[0].response_body).toMatch(/^v1\./);
    expect(stored[0].response_body).not.toContain(first.body.key);
  });

  it('an API key can neither list, create nor revoke keys (403 session_required), over REST and GraphQL; nothing changes', async () => {
    const before = await keyCount();
    for (const key of [t.account.testKey, t.account.liveKey]) {
      expectProblem(await request(t.url, 'POST', '/v1/api-keys', { key, body: { name: 'Con llave' } }), 403, 'session_required');
      expectProblem(await request(t.url, 'GET', '/v1/api-keys', { key }), 403, 'session_required');
    }
    const target = (await dbRows<{ id: string }>(t.db.url, `select id from api_keys where account_id = $1 and environment = '00' and revoked_at is null limit 1`, [t.account.id]))[0].id;
    expectProblem(await request(t.url, 'DELETE', `/v1/api-keys/${target}`, { key: t.account.testKey }), 403, 'session_required');
    const g = await graphql(t.url, t.account.testKey, 'mutation { createApiKey(input: { name: "x" }) { key apiKey { id } errors { field code message } } }');
    expect(g.body.data.createApiKey).toEqual({ key: null, apiKey: null, errors: [{ field: null, code: 'SESSION_REQUIRED', message: expect.stringMatching(/sesión del panel/) }] });
    const q = await graphql(t.url, t.account.testKey, '{ apiKeys { nodes { id } } }');
    expect(q.body.errors[0].extensions.code).toBe('SESSION_REQUIRED');
    expect(await keyCount()).toBe(before);
    expect((await dbRows(t.db.url, 'select 1 from api_keys where id = $1 and revoked_at is null', [target])).length).toBe(1);
  });

  it('refuses a viewer (insufficient_role), a member asking beyond the role (insufficient_scope), sk_live_ from a 00 session, and a missing CSRF token; nothing changes', async () => {
    const before = await keyCount();
    const audits = Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from audit_entries'))[0].n);
    expectProblem(await withSession(t.url, viewer, 'POST', '/v1/api-keys', { body: { name: 'Lectura', scopes: ['documents:read'] } }), 403, 'insufficient_role');
    const escalation = await withSession(t.url, member, 'POST', '/v1/api-keys', { body: { name: 'Cierre', scopes: ['documents:read', 'fiscal:close'] } });
    expectProblem(escalation, 403, 'insufficient_scope');
    expect(escalation.body.errors).toEqual([{ path: 'scopes[1]', code: 'insufficient_scope', message: expect.stringMatching(/fiscal:close/) }]);
    const live = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Producción', environment: '01' } });
    expectProblem(live, 403, 'environment_forbidden');
    expectProblem(await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Sin CSRF' }, csrf: false }), 403, 'csrf_token_invalid');
    expectProblem(await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'CSRF ajeno' }, csrf: member.csrf }), 403, 'csrf_token_invalid');
    expectProblem(await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'x', scopes: ['todo'] } }), 422, 'validation_failed');
    expect(await keyCount()).toBe(before);
    expect(Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from audit_entries'))[0].n)).toBe(audits);
  });

  it('a member creates a key within the member scopes (default scopes when none are named)', async () => {
    const r = await withSession(t.url, member, 'POST', '/v1/api-keys', { body: { name: 'Integración' } });
    expect(r.status).toBe(201);
    expect(r.body.scopes).toEqual(['emitters:read', 'emitters:write', 'documents:read', 'documents:write', 'webhooks:write', 'fiscal:read', 'fiscal:write']);
  });

  it('a production session creates sk_live_ keys, listed only in production', async () => {
    const s = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD);
    expect((await withSession(t.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '01' } })).status).toBe(200);
    const r = await withSession(t.url, s, 'POST', '/v1/api-keys', { body: { name: 'Producción' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ environment: '01', key: expect.stringMatching(/^sk_live_/) });
    const inLive = await withSession(t.url, s, 'GET', '/v1/api-keys?limit=100');
    expect(inLive.body.data.map((k: { id: string }) => k.id)).toContain(r.body.id);
    const inTest = await withSession(t.url, owner, 'GET', '/v1/api-keys?limit=100');
    expect(inTest.body.data.map((k: { id: string }) => k.id)).not.toContain(r.body.id);
  });
});

describe('DELETE /v1/api-keys/{id}', () => {
  it('revokes at once (the key then gets 401), answers the key again on a second revocation, and audits once', async () => {
    const created = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'A revocar' } });
    const r = await withSession(t.url, owner, 'DELETE', `/v1/api-keys/${created.body.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: created.body.id, revoked_at: clock.now().toISOString() });
    expectProblem(await request(t.url, 'GET', '/v1/documents', { key: created.body.key }), 401, 'unauthenticated');
    const again = await withSession(t.url, owner, 'DELETE', `/v1/api-keys/${created.body.id}`);
    expect(again.body.revoked_at).toBe(r.body.revoked_at);
    expect(await auditOf('api_key.revoked', created.body.id)).toHaveLength(1);
  });

  it('a member cannot revoke a key with scopes beyond the member role; a viewer none; another account gets 404; nothing changes', async () => {
    const strong = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Cierre', scopes: ['fiscal:close'] } });
    expectProblem(await withSession(t.url, member, 'DELETE', `/v1/api-keys/${strong.body.id}`), 403, 'insufficient_role');
    expectProblem(await withSession(t.url, viewer, 'DELETE', `/v1/api-keys/${strong.body.id}`), 403, 'insufficient_role');
    expectProblem(await withSession(t.url, stranger, 'DELETE', `/v1/api-keys/${strong.body.id}`), 404, 'resource_not_found');
    expectProblem(await withSession(t.url, owner, 'DELETE', `/v1/api-keys/${strong.body.id}`, { csrf: false }), 403, 'csrf_token_invalid');
    expect((await request(t.url, 'GET', '/v1/catalogs', { key: strong.body.key })).status).toBe(200);
    expect(await dbRows(t.db.url, 'select revoked_at from api_keys where id = $1', [strong.body.id])).toEqual([{ revoked_at: null }]);
    expect(await auditOf('api_key.revoked', strong.body.id)).toHaveLength(0);
  });

  it('one account never sees another account\'s keys', async () => {
    const mine = await withSession(t.url, owner, 'GET', '/v1/api-keys?limit=100');
    const theirs = await withSession(t.url, stranger, 'GET', '/v1/api-keys?limit=100');
    const ownIds = new Set((await dbRows<{ id: string }>(t.db.url, 'select id from api_keys where account_id = $1', [t.account.id])).map((r) => r.id));
    expect(mine.body.data.every((k: { id: string }) => ownIds.has(k.id))).toBe(true);
    expect(theirs.body.data.some((k: { id: string }) => ownIds.has(k.id))).toBe(false);
    expect(theirs.body.data).toHaveLength(1); // its own CLI test key
  });
});

describe('GraphQL apiKeys, createApiKey, revokeApiKey', () => {
  it('lists, creates (the key once) and revokes with a session, CSRF required', async () => {
    const c = await graphqlWithSession(t.url, owner, 'mutation { createApiKey(input: { name: "GraphQL", scopes: ["documents:read"] }) { key apiKey { id prefix scopes } errors { code } } }');
    expect(c.body.data.createApiKey).toEqual({ key: expect.stringMatching(/^sk_test_/), apiKey: { id: expect.stringMatching(/^key_/), prefix: expect.any(String), scopes: ['documents:read'] }, errors: [] });
    const id = c.body.data.createApiKey.apiKey.id;
    const l = await graphqlWithSession(t.url, owner, '{ apiKeys(first: 100) { nodes { id revokedAt } pageInfo { hasNextPage } } }');
    expect(l.body.data.apiKeys.nodes).toContainEqual({ id, revokedAt: null });
    const noCsrf = await graphqlWithSession(t.url, owner, `mutation { revokeApiKey(id: "${id}") { apiKey { id } errors { code } } }`, {}, { csrf: false });
    expect(noCsrf.status).toBe(403);
    const r = await graphqlWithSession(t.url, owner, `mutation { revokeApiKey(id: "${id}") { apiKey { id revokedAt } errors { code } } }`);
    expect(r.body.data.revokeApiKey).toEqual({ apiKey: { id, revokedAt: clock.now().toISOString() }, errors: [] });
  });
});

describe('last_used_at', () => {
  it('is written on use at most once a minute per key', async () => {
    const created = await withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Uso' } });
    const lastUsed = async () => (await dbRows<{ last_used_at: Date | null }>(t.db.url, 'select last_used_at from api_keys where id = $1', [created.body.id]))[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    const t0 = clock.now();
    await request(t.url, 'GET', '/v1/catalogs', { key: created.body.key });
    expect(await lastUsed()).toEqual(t0);
    clock.advance(59_000);
    await request(t.url, 'GET', '/v1/catalogs', { key: created.body.key });
    expect(await lastUsed()).toEqual(t0);
    clock.advance(1_000);
    const t1 = clock.now();
    await request(t.url, 'GET', '/v1/catalogs', { key: created.body.key });
    expect(await lastUsed()).toEqual(t1);
    const listed = (await withSession(t.url, owner, 'GET', '/v1/api-keys?limit=100')).body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(listed.last_used_at).toBe(t1.toISOString());
  });
});
