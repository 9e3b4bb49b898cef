import { emitterBody } from '../fixtures/emitter-bodies';
import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { uploadCredentials } from '../support/issuer';
import { expectProblem, logLinesSince } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let emitterId: string;

beforeAll(async () => {
  t = await startTestApp();
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() });
  emitterId = e.body.id;
});
afterAll(async () => {
  await t.stop();
});

/** Every table a refused request could have written to. */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ['emitters', 'establishments', 'emitter_credentials', 'documents', 'fiscal_records', 'idempotency_records']) {
    parts.push(await dbRows(t.db.url, `select * from ${table} order by 1`));
  }
  return JSON.stringify(parts);
}

/** No error line and no stack in the log since `from`; each refused request wrote exactly its access line. */
function expectQuietLog(from: number, requests: number): void {
  const lines = logLinesSince(t.logs, from);
  expect(lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
  expect(JSON.stringify(lines)).not.toContain('"stack"');
  expect(lines.filter((l) => l.msg === 'solicitud atendida')).toHaveLength(requests);
}

const key = () => t.account.testKey;

describe('malformed percent-escapes in a path', () => {
  it.each(['%C0%AF', '%FF', '%E0%A4%A'])('%s: 400 naming the parameter with a key, 401 without; never a 500', async (escape) => {
    const before = await snapshot();
    const from = t.logs.length;
    const authed = await request(t.url, 'GET', `/v1/emitters/${escape}`, { key: key() });
    expectProblem(authed, 400, 'invalid_request');
    expect(authed.body.errors).toEqual([{ path: 'id', code: 'invalid_format', message: expect.any(String) }]);
    expectProblem(await request(t.url, 'GET', `/v1/documents/${escape}/pdf`, { key: null }), 401, 'unauthenticated');
    expectProblem(await request(t.url, 'PATCH', `/v1/emitters/${emitterId}/establishments/${escape}`, { key: key(), body: { name: 'x' } }), 400, 'invalid_request');
    expectQuietLog(from, 3);
    expect(await snapshot()).toBe(before);
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('in a path id: 400 naming it', async () => {
    const r = await request(t.url, 'GET', '/v1/documents/doc_%00x', { key: key() });
    expectProblem(r, 400, 'invalid_request');
    expect(r.body.errors[0]).toMatchObject({ path: 'id', code: 'invalid_format' });
  });

  it.each([
    ['a NUL', 'q=a%00b', 'q'],
    ['a NUL in a parameter name', '%00x=1', '\uFFFDx'],
    ['a NUL in a parameter nobody reads', 'color=%00', 'color'],
  ])('in a query parameter (%s): 400 naming it', async (_label, query, param) => {
    const from = t.logs.length;
    const r = await request(t.url, 'GET', `/v1/documents?${query}`, { key: key() });
    expectProblem(r, 400, 'invalid_request');
    expect(r.body.errors[0]).toMatchObject({ path: param, code: 'invalid_format' });
    expectQuietLog(from, 1);
  });

  it.each([
    ['a text field', () => emitterBody({ name: 'Panadería\u0000' }), 'name'],
    ['a nested field', () => emitterBody({ address: { department: '06', municipality: '23', district: '14', line: 'x\u0000' } }), 'address.line'],
    ['an object key', () => ({ ...emitterBody(), ['x\u0000']: 1 }), 'x\uFFFD'],
    ['a lone surrogate', () => emitterBody({ trade_name: 'Ca\uD83Dfé' }), 'trade_name'],
  ])('in a JSON body (%s): 422 naming the field, nothing stored', async (_label, body, path) => {
    const before = await snapshot();
    const from = t.logs.length;
    const r = await request(t.url, 'POST', '/v1/emitters', { key: key(), body: body() });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors[0]).toMatchObject({ path, code: 'invalid_format' });
    expectQuietLog(from, 1);
    expect(await snapshot()).toBe(before);
  });

  it('in a jsonb field (a fiscal record attribute): 422 naming it, nothing stored', async () => {
    const before = await snapshot();
    const body = purchaseBody(1, { attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '2\u0000' } });
    const r = await request(t.url, 'PUT', `/v1/emitters/${emitterId}/fiscal/purchases/P-1`, { key: key(), body });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors[0]).toMatchObject({ path: 'attributes.cost_type', code: 'invalid_format' });
    const raw = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: key(), body: { emitter_id: emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', raw: { identificacion: { ambiente: '00\u0000' } } } });
    expectProblem(raw, 422, 'validation_failed');
    expect(raw.body.errors[0]).toMatchObject({ path: 'raw.identificacion.ambiente', code: 'invalid_format' });
    expect(await snapshot()).toBe(before);
  });

  it('in a multipart field (credential upload): 422 naming it, nothing stored', async () => {
    const before = await snapshot();
    const r = await uploadCredentials(t.url, key(), emitterId, { environment: '00', certificate: Buffer.from('<CertificadoMH/>'), private_key_password: 'x', mh_user: '0614\u00000101011011', mh_password: 'y' });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors[0]).toMatchObject({ path: 'mh_user', code: 'invalid_format' });
    expect(await snapshot()).toBe(before);
  });

  it('in GraphQL variables and literals: INVALID_REQUEST naming the argument, nothing stored', async () => {
    const before = await snapshot();
    const from = t.logs.length;
    const v = await graphql(t.url, key(), 'mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id } errors { code } } }', {
      input: { nit: '06140101011011', nrc: '1234567', name: 'Nombre\u0000', economicActivity: '47190', email: 'a@b.sv', address: { department: '06', municipality: '23', district: '14', line: 'x' } },
    });
    expect(v.status).toBe(400);
    expect(v.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'input.name' });
    const lit = await graphql(t.url, key(), '{ emitter(id: "emt_\\u0000") { id } }');
    expect(lit.status).toBe(400);
    expect(lit.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'emitter(id)' });
    const json = await graphql(t.url, key(), `mutation { putFiscalRecord(emitterId: "${emitterId}", resource: "purchases", externalId: "P-2", record: { external_id: "P-2", attributes: { sector: "\\u0000" } }) { errors { code } } }`);
    expect(json.status).toBe(400);
    expect(json.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'putFiscalRecord(record).attributes.sector' });
    expectQuietLog(from, 3);
    expect(await snapshot()).toBe(before);
  });
});

describe('GraphQL variables nested deeper than the REST body limit', () => {
  /** JSON text nested `levels` deep (built as text: JSON.stringify itself would overflow). */
  const deep = (levels: number) => '{"a":'.repeat(levels) + '"x"' + '}'.repeat(levels);

  it.each([
    ['with an Idempotency-Key (request hash)', { 'Idempotency-Key': 'deep-1' }],
    ['without one', {}],
  ])('%s: 400 INVALID_REQUEST naming variables and the variable, no record, no stack', async (_label, headers) => {
    const before = await snapshot();
    const from = t.logs.length;
    const query = 'mutation($items: [JSONObject!]!) { upsertFiscalRecords(emitterId: "x", resource: "purchases", items: $items) { errors { code } } }';
    const raw = `{"query":${JSON.stringify(query)},"variables":{"emitter":"x","items":[${deep(5000)}]}}`;
    const r = await request(t.url, 'POST', '/graphql', { key: key(), raw, headers: { 'Content-Type': 'application/json', ...headers }, idempotencyKey: null });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions).toEqual({ code: 'INVALID_REQUEST', field: 'variables', variable: 'items' });
    expect(r.body.errors[0].message).toContain('"variables.items"');
    expectQuietLog(from, 1);
    expect(await snapshot()).toBe(before);
  });

  it('deep extensions are named too', async () => {
    const raw = `{"query":"{ viewer { accountId } }","variables":{},"extensions":${deep(100)}}`;
    const r = await request(t.url, 'POST', '/graphql', { key: key(), raw, headers: { 'Content-Type': 'application/json' }, idempotencyKey: null });
    expect([r.status, r.body.errors[0].extensions]).toEqual([400, { code: 'INVALID_REQUEST', field: 'extensions' }]);
  });

  it('the same depth over GET query parameters: 400 naming the variable', async () => {
    const variables = encodeURIComponent(`{"id":${deep(100)}}`);
    const r = await fetch(`${t.url}/graphql?query=${encodeURIComponent('query($id: ID!) { emitter(id: $id) { id } }')}&variables=${variables}`, {
      headers: { Authorization: `Bearer ${key()}`, 'Apollo-Require-Preflight': 'true' },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { errors: { extensions: Record<string, unknown> }[] }).errors[0].extensions).toEqual({ code: 'INVALID_REQUEST', field: 'variables', variable: 'id' });
  });

  it('a REST body nested too deep: 400 naming its field', async () => {
    const before = await snapshot();
    const raw = `{"nit":"06140101010101","address":${deep(100)}}`;
    const r = await request(t.url, 'POST', '/v1/emitters', { key: key(), raw, headers: { 'Content-Type': 'application/json' } });
    expectProblem(r, 400, 'invalid_request');
    expect(r.body.errors).toEqual([{ path: 'address', code: 'invalid_format', message: expect.stringContaining('"address"') }]);
    expect(await snapshot()).toBe(before);
  });
});
