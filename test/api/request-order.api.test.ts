import { emitterBody, uniqueNit } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { logIn, withSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { rawHttp } from '../support/raw-http';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let readOnlyKey: string;
let emitterId: string;

beforeAll(async () => {
  t = await startTestApp();
  readOnlyKey = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['documents:read', 'emitters:read'] })).key;
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() });
  emitterId = e.body.id;
});
afterAll(async () => {
  await t.stop();
});

const idempotencyRecords = (key: string) => dbRows(t.db.url, 'select id from idempotency_records where key = $1', [key]);
const counts = async () => (await dbRows<{ n: string }>(t.db.url, "select (select count(*) from documents) || '/' || (select count(*) from emitters) || '/' || (select count(*) from idempotency_records) as n"))[0].n;

describe('authentication and scope come before media type, body and Idempotency-Key', () => {
  it('a key without the scope gets 403 (not 422, 415 or 400) and its Idempotency-Key stays unspent', async () => {
    const before = await counts();
    const cases = [
      request(t.url, 'POST', '/v1/documents', { key: readOnlyKey, body: { type: 'nope' }, idempotencyKey: 'order-1' }),
      request(t.url, 'POST', '/v1/documents', { key: readOnlyKey, raw: 'type=01', headers: { 'Content-Type': 'text/plain' }, idempotencyKey: 'order-1' }),
      request(t.url, 'POST', '/v1/documents', { key: readOnlyKey, body: { type: '01' }, idempotencyKey: null }),
      request(t.url, 'POST', '/v1/emitters', { key: readOnlyKey, raw: '{"nit": ', headers: { 'Content-Type': 'application/json' }, idempotencyKey: 'order-1' }),
      request(t.url, 'PUT', `/v1/emitters/${emitterId}/credentials`, { key: readOnlyKey, raw: 'x', headers: { 'Content-Type': 'text/plain' } }),
    ];
    for (const r of await Promise.all(cases)) expectProblem(r, 403, 'insufficient_scope');
    expect(await counts()).toBe(before);
    expect(await idempotencyRecords('order-1')).toEqual([]);
    // The same Idempotency-Key is still free for the operation it was meant for.
    const later = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: uniqueNit() }), idempotencyKey: 'order-1' });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotency-replayed')).toBeNull();
  });

  it('no key: 401 before the body is looked at', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { raw: '{{{', headers: { 'Content-Type': 'text/plain' }, idempotencyKey: null });
    expectProblem(r, 401, 'unauthenticated');
  });

  it('GraphQL: a mutation without its scope is 403 and spends no Idempotency-Key', async () => {
    const before = await counts();
    const r = await graphql(t.url, readOnlyKey, 'mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id } errors { code } } }', { input: { nit: 'x' } }, { 'Idempotency-Key': 'order-gql-1' });
    expect(r.status).toBe(403);
    expect(r.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    expect(await idempotencyRecords('order-gql-1')).toEqual([]);
    expect(await counts()).toBe(before);
  });
});

describe('panel-session routes refuse an API key before media type, body and Idempotency-Key', () => {
  const panelCounts = async () => `${await counts()}/${(await dbRows<{ n: string }>(t.db.url, "select (select count(*) from api_keys) || '/' || (select count(*) from users) as n"))[0].n}`;
  const json = { 'Content-Type': 'application/json' };
  const text = { 'Content-Type': 'text/plain' };

  it.each([
    ['POST /v1/api-keys, text/plain (not 415)', 'POST', '/v1/api-keys', { raw: 'name=x', headers: text }, 403, 'session_required'],
    ['POST /v1/api-keys, malformed JSON (not 400)', 'POST', '/v1/api-keys', { raw: '{"name": ', headers: json }, 403, 'session_required'],
    ['POST /v1/api-keys, invalid body (not 422)', 'POST', '/v1/api-keys', { body: { name: '', scopes: 'todo' } }, 403, 'session_required'],
    ['POST /v1/api-keys, no body (not 400)', 'POST', '/v1/api-keys', {}, 403, 'session_required'],
    ['POST /v1/users, invalid body (not 422)', 'POST', '/v1/users', { body: { email: 7, role: 'jefe' } }, 403, 'session_required'],
    ['PATCH /v1/users/{id}, text/plain (not 415)', 'PATCH', '/v1/users/usr_x', { raw: 'role=owner', headers: text }, 403, 'session_required'],
    ['PATCH /v1/users/{id}, invalid body (not 422)', 'PATCH', '/v1/users/usr_x', { body: { role: 'jefe' } }, 403, 'session_required'],
    ['DELETE /v1/users/{id}, malformed path escape (not 400)', 'DELETE', '/v1/users/usr_%E0%A4%A', {}, 403, 'session_required'],
    ['DELETE /v1/api-keys/{id}, NUL in the path (not 400)', 'DELETE', '/v1/api-keys/key_%00', {}, 403, 'session_required'],
    ['GET /v1/audit-log, bad query (not 400)', 'GET', '/v1/audit-log?limit=muchos', {}, 403, 'session_required'],
    ['PATCH /v1/auth/session, text/plain (not 415)', 'PATCH', '/v1/auth/session', { raw: 'environment=01', headers: text }, 401, 'unauthenticated'],
  ] as const)('%s: refused first, no Idempotency-Key spent, nothing changed', async (_label, method, path, opts, status, code) => {
    const before = await panelCounts();
    const r = await request(t.url, method, path, { key: t.account.testKey, ...opts, idempotencyKey: 'order-session' });
    expectProblem(r, status, code);
    expect(await idempotencyRecords('order-session')).toEqual([]);
    expect(await panelCounts()).toBe(before);
  });

  it('the Idempotency-Key an API key could not spend still works for the panel session later, over REST and GraphQL', async () => {
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'orden@lasbrisas.com.sv', password: 'Clave-del-panel-2026', role: 'owner' });
    const session = await logIn(t.url, 'orden@lasbrisas.com.sv', 'Clave-del-panel-2026');
    const refused = await request(t.url, 'POST', '/v1/api-keys', { key: t.account.testKey, body: { name: 'x' }, idempotencyKey: 'order-session-later' });
    expectProblem(refused, 403, 'session_required');
    const created = await withSession(t.url, session, 'POST', '/v1/api-keys', { body: { name: 'Desde el panel' }, idempotencyKey: 'order-session-later' });
    expect([created.status, created.headers.get('idempotency-replayed'), created.body.name]).toEqual([201, null, 'Desde el panel']);

    const query = 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { key errors { code } } }';
    const before = await panelCounts();
    const gql = await graphql(t.url, t.account.testKey, query, { input: { name: 12 } }, { 'Idempotency-Key': 'order-gql-session' });
    expect(gql.status).toBe(403);
    expect(gql.body.errors[0].extensions.code).toBe('SESSION_REQUIRED');
    expect(await idempotencyRecords('order-gql-session')).toEqual([]);
    expect(await panelCounts()).toBe(before);
    const later = await withSession(t.url, session, 'POST', '/graphql', { body: { query, variables: { input: { name: 'GraphQL' } } }, headers: { 'Idempotency-Key': 'order-gql-session' }, idempotencyKey: null });
    expect(later.body.data.createApiKey).toEqual({ key: expect.stringMatching(/^sk_test_/), errors: [] });
  });
});

describe('Idempotency-Key errors name the header', () => {
  it.each([
    ['missing', null, 'idempotency_key_missing'],
    ['too long', 'k'.repeat(300), 'idempotency_key_invalid'],
    ['with spaces', 'two words', 'idempotency_key_invalid'],
  ])('%s → errors[].path is "Idempotency-Key"', async (_label, idempotencyKey, code) => {
    const r = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: uniqueNit() }), idempotencyKey });
    expectProblem(r, 400, code);
    expect(r.body.errors).toEqual([{ path: 'Idempotency-Key', code, message: expect.any(String) }]);
  });
});

describe('HEAD on GET routes', () => {
  it.each([
    ['a list', () => '/v1/emitters'],
    ['a resource', () => `/v1/emitters/${emitterId}`],
    ['a catalog', () => '/v1/catalogs/CAT-002'],
  ])('%s: the GET status and headers without a body', async (_label, path) => {
    const get = await fetch(`${t.url}${path()}`, { headers: { Authorization: `Bearer ${t.account.testKey}` } });
    const getBody = Buffer.from(await get.arrayBuffer());
    const head = await fetch(`${t.url}${path()}`, { method: 'HEAD', headers: { Authorization: `Bearer ${t.account.testKey}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(Number(head.headers.get('content-length'))).toBe(getBody.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('HEAD of a missing resource is 404 without a body; Allow lists HEAD beside GET', async () => {
    const head = await fetch(`${t.url}/v1/emitters/emt_nope`, { method: 'HEAD', headers: { Authorization: `Bearer ${t.account.testKey}` } });
    expect(head.status).toBe(404);
    expect(head.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const r = await request(t.url, 'DELETE', `/v1/emitters/${emitterId}`, { key: t.account.testKey });
    expectProblem(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')!.split(', ').sort()).toEqual(['GET', 'HEAD', 'PATCH']);
  });
});

describe('what Node refuses before the application still answers a problem', () => {
  it('a query string over the header limit: 431 problem+json', async () => {
    const r = await request(t.url, 'GET', `/v1/documents?q=${'a'.repeat(20_000)}`, { key: t.account.testKey });
    expectProblem(r, 431, 'request_header_fields_too_large');
  });

  it('a header over the limit: 431 problem+json', async () => {
    const r = await request(t.url, 'GET', '/v1/emitters', { key: t.account.testKey, headers: { 'X-Filler': 'b'.repeat(20_000) } });
    expectProblem(r, 431, 'request_header_fields_too_large');
  });

  it('a NUL byte in a header value: 400 problem+json, one log line without a stack', async () => {
    const from = t.logs.length;
    const r = await rawHttp(t.url, `GET /v1/emitters HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ status: 400, type: expect.stringMatching(/\/problems\/invalid_request$/), request_id: r.headers['x-request-id'] });
    const lines = t.logs.slice(from).join('');
    expect(lines).toContain(body.request_id);
    expect(lines).not.toContain('"stack"');
  });
});
