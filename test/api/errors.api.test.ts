import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { request } from '../support/http-client';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let emitterId: string;
let establishmentId: string;
let other: { id: string; testKey: string; liveKey: string };

beforeAll(async () => {
  t = await startTestApp();
  other = await t.newAccount('Otra');
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() });
  emitterId = e.body.id;
  const s = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey, body: establishmentBody() });
  establishmentId = s.body.id;
});
afterAll(async () => {
  await t.stop();
});

async function snapshot(): Promise<string> {
  const conn = t.app.services.deps.orm.em.getConnection();
  const parts: unknown[] = [];
  for (const table of ['accounts', 'api_keys', 'emitters', 'establishments', 'points_of_sale']) {
    const rows: Record<string, unknown>[] = await conn.execute(`select * from ${table} order by 1`);
    // A key's last_used_at records that the key was used (at most once a minute), not a change the request made.
    parts.push(rows.map(({ last_used_at: _used, ...rest }) => rest));
  }
  return JSON.stringify(parts);
}

const big = 'x'.repeat(2 * 1024 * 1024);

describe('bad input gets only 4xx problem+json in Spanish and changes nothing', () => {
  const cases: [string, () => Promise<{ status: number; headers: Headers; body: any; text: string }>, number, string][] = [
    ['malformed JSON', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, raw: '{"nit": "0614', headers: { 'Content-Type': 'application/json' } }), 400, 'malformed_json'],
    ['JSON array body', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: [1, 2] }), 422, 'validation_failed'],
    ['JSON string body', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, raw: '"hola"', headers: { 'Content-Type': 'application/json' } }), 422, 'validation_failed'],
    ['wrong types', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: 6141234567890, is_large_taxpayer: 'si', address: 'San Salvador' }) }), 422, 'validation_failed'],
    ['unknown catalog codes', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ economic_activity: '12345', establishment_type: '99' }) }), 422, 'validation_failed'],
    ['district outside its department', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ address: { department: '01', municipality: '13', district: '19', line: 'x' } }) }), 422, 'validation_failed'],
    ['municipality outside its department', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ address: { department: '06', municipality: '13', district: '14', line: 'x' } }) }), 422, 'validation_failed'],
    ['bad NIT', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '0614-010101-101-1' }) }), 422, 'validation_failed'],
    ['bad NRC', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nrc: '123456789' }) }), 422, 'validation_failed'],
    ['2 MB body', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ name: big }) }), 413, 'payload_too_large'],
    ['300-character Idempotency-Key', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody(), idempotencyKey: 'k'.repeat(300) }), 400, 'idempotency_key_invalid'],
    ['missing Idempotency-Key', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody(), idempotencyKey: null }), 400, 'idempotency_key_missing'],
    ['wrong media type', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, raw: 'nit=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type'],
    ['text/plain JSON', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, raw: JSON.stringify(emitterBody()), headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type'],
    ['empty POST body', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey }), 400, 'invalid_request'],
    ['empty PATCH body', () => request(t.url, 'PATCH', `/v1/emitters/${emitterId}`, { key: t.account.testKey }), 400, 'invalid_request'],
    ['PATCH with a bad field', () => request(t.url, 'PATCH', `/v1/emitters/${emitterId}`, { key: t.account.testKey, body: { email: 'no-es-correo', nit: null } }), 422, 'validation_failed'],
    ['unknown field', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ favorite_color: 'red' }) }), 422, 'validation_failed'],
    ['camelCase field over REST', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ economicActivity: '47190' }) }), 422, 'validation_failed'],
    ["another account's emitter", () => request(t.url, 'PATCH', `/v1/emitters/${emitterId}`, { key: other.testKey, body: { name: 'robado' } }), 404, 'resource_not_found'],
    ["another account's establishment", () => request(t.url, 'PATCH', `/v1/emitters/${emitterId}/establishments/${establishmentId}`, { key: other.testKey, body: { name: 'x' } }), 404, 'resource_not_found'],
    ['unknown emitter id', () => request(t.url, 'GET', '/v1/emitters/emt_nope', { key: t.account.testKey }), 404, 'resource_not_found'],
    ['very long id', () => request(t.url, 'GET', `/v1/emitters/${'e'.repeat(500)}`, { key: t.account.testKey }), 404, 'resource_not_found'],
    ['unknown route', () => request(t.url, 'GET', '/v1/nothing-here', { key: t.account.testKey }), 404, 'route_not_found'],
    ['unknown route outside /v1', () => request(t.url, 'GET', '/nothing', { key: t.account.testKey }), 404, 'route_not_found'],
    ['wrong method', () => request(t.url, 'DELETE', '/v1/emitters', { key: t.account.testKey }), 405, 'method_not_allowed'],
    ['missing key', () => request(t.url, 'POST', '/v1/emitters', { body: emitterBody() }), 401, 'unauthenticated'],
    ['bad key', () => request(t.url, 'GET', '/v1/emitters', { key: 'sk_test_' + 'x'.repeat(32) }), 401, 'unauthenticated'],
    ['not a bearer', () => request(t.url, 'GET', '/v1/emitters', { headers: { Authorization: 'Basic abc' } }), 401, 'unauthenticated'],
    ['bad limit', () => request(t.url, 'GET', '/v1/emitters?limit=1000', { key: t.account.testKey }), 400, 'invalid_request'],
    ['q over 100 characters', () => request(t.url, 'GET', `/v1/catalogs/CAT-019?q=${'a'.repeat(101)}`, { key: t.account.testKey }), 400, 'invalid_request'],
    ['unknown catalog', () => request(t.url, 'GET', '/v1/catalogs/CAT-099', { key: t.account.testKey }), 404, 'resource_not_found'],
    ['NUL bytes and emoji', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '\u0000\u{1F600}' }) }), 422, 'validation_failed'],
    ['deeply nested JSON', () => request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, raw: '['.repeat(5000) + ']'.repeat(5000), headers: { 'Content-Type': 'application/json' } }), 400, 'invalid_request'],
  ];

  it.each(cases)('%s', async (_label, send, status, code) => {
    const before = await snapshot();
    const r = await send();
    expectProblem(r, status, code);
    expect(await snapshot()).toBe(before);
  });

  it('validation problems list every field with snake_case paths and Spanish messages', async () => {
    const r = await request(t.url, 'POST', '/v1/emitters', {
      key: t.account.testKey,
      body: emitterBody({ nit: '1', nrc: 'abc', economic_activity: '00000', email: 'x', address: { department: '06', municipality: '23', district: '99', line: '' } }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['nit', 'nrc', 'economic_activity', 'address.line', 'address.district', 'email'].sort());
    for (const e of r.body.errors) expect(e.message).toMatch(/[a-záéíóúñ]/i);
    expect(r.body.detail).toBe('La solicitud tiene 6 errores de validación.');
  });
});

describe('authorization', () => {
  it('a key without the scope gets 403; reading is allowed by :write', async () => {
    const k = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['emitters:read'] });
    const read = await request(t.url, 'GET', `/v1/emitters/${emitterId}`, { key: k.key });
    expect(read.status).toBe(200);
    const before = await snapshot();
    const write = await request(t.url, 'POST', '/v1/emitters', { key: k.key, body: emitterBody({ nit: '06141212121212' }) });
    expectProblem(write, 403, 'insufficient_scope');
    expect(await snapshot()).toBe(before);
    const w = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['emitters:write'] });
    expect((await request(t.url, 'GET', `/v1/emitters/${emitterId}`, { key: w.key })).status).toBe(200);
  });

  it('a revoked key stops working at once', async () => {
    const k = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00' });
    expect((await request(t.url, 'GET', '/v1/emitters', { key: k.key })).status).toBe(200);
    await t.app.services.revokeApiKey.execute({ keyId: k.id });
    expectProblem(await request(t.url, 'GET', '/v1/emitters', { key: k.key }), 401, 'unauthenticated');
  });
});

describe('rate limit', () => {
  it('429 with Retry-After and RateLimit-* headers past the per-key limit', async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await request(limited.url, 'GET', '/v1/emitters', { key: limited.account.testKey });
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers.get('ratelimit-limit')).toBe('5');
          expect(last.headers.get('ratelimit-remaining')).toBe('4');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expectProblem(last!, 429, 'rate_limited');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another key of the same account has its own budget.
      expect((await request(limited.url, 'GET', '/v1/emitters', { key: limited.account.liveKey })).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
