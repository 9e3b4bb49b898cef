import { ccfBody, feBody } from '../fixtures/document-bodies';
import { mhCertificate } from '../support/certificates';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { CERT_PASSWORD, createIssuer, MH_PASSWORD, uploadCredentials, type Issuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey);
  // The same emitter also has production credentials, uploaded with the live key.
  const live = await uploadCredentials(t.url, t.account.liveKey, issuer.emitterId, {
    environment: '01', certificate: mhCertificate(issuer.nit, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: issuer.nit, mh_password: MH_PASSWORD,
  });
  expect(live.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

/**
 * Everything a refused request could change: credentials (sealed secrets, check results), documents,
 * counters, reports. (A refused POST's own Idempotency-Key record keeps its answer, as any refusal.)
 */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ['emitter_credentials', 'documents', 'control_number_counters', 'fiscal_reports']) {
    parts.push(await dbRows(t.db.url, `select * from ${table} order by 1`));
  }
  return JSON.stringify(parts);
}

describe('a key touches its own environment only', () => {
  it('a test key cannot upload production credentials (REST): 403, the live credentials unchanged', async () => {
    const before = await snapshot();
    const r = await uploadCredentials(t.url, t.account.testKey, issuer.emitterId, {
      environment: '01', certificate: mhCertificate(issuer.nit, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: issuer.nit, mh_password: 'otra-clave-MH-1',
    });
    expectProblem(r, 403, 'environment_forbidden');
    expect(r.body.errors).toEqual([{ path: 'environment', code: 'environment_forbidden', message: expect.stringMatching(/"00"/) }]);
    expect(await snapshot()).toBe(before);
  });

  it('nor test them (REST), nor do either over GraphQL; a live key cannot touch the test ones', async () => {
    const before = await snapshot();
    expectProblem(await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { key: t.account.testKey, body: { environment: '01' } }), 403, 'environment_forbidden');
    expectProblem(await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { key: t.account.liveKey, body: { environment: '00' } }), 403, 'environment_forbidden');
    const input = { environment: '01', certificateBase64: mhCertificate(issuer.nit, CERT_PASSWORD).toString('base64'), privateKeyPassword: CERT_PASSWORD, mhUser: issuer.nit, mhPassword: 'x-1' };
    const up = await graphql(t.url, t.account.testKey, 'mutation($id: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $id, input: $input) { credential { environment } errors { field code } } }', { id: issuer.emitterId, input });
    expect(up.body.data.uploadCredentials).toEqual({ credential: null, errors: [{ field: 'environment', code: 'ENVIRONMENT_FORBIDDEN' }] });
    const test = await graphql(t.url, t.account.testKey, 'mutation($id: ID!) { testCredentials(emitterId: $id, environment: "01") { credential { environment } errors { field code } } }', { id: issuer.emitterId });
    expect(test.body.data.testCredentials).toEqual({ credential: null, errors: [{ field: 'environment', code: 'ENVIRONMENT_FORBIDDEN' }] });
    expect(await snapshot()).toBe(before);
    // Its own environment still works.
    expect((await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { key: t.account.testKey, body: { environment: '00' } })).status).toBe(200);
  });

  it.each([
    ['documents', () => '/v1/documents?environment=01'],
    ['emitters', () => '/v1/emitters?environment=01'],
    ['fiscal records', () => `/v1/emitters/${issuer.emitterId}/fiscal/purchases?environment=01`],
    ['webhook endpoints', () => '/v1/webhook-endpoints?environment=01'],
  ])('a list filtered by another environment (%s): 403 naming the parameter', async (_label, path) => {
    const r = await request(t.url, 'GET', path(), { key: t.account.testKey });
    expectProblem(r, 403, 'environment_forbidden');
    expect(r.body.errors[0].path).toBe('environment');
    expect((await request(t.url, 'GET', path().replace('=01', '=00'), { key: t.account.testKey })).status).toBe(200);
  });

  it('GraphQL documents(filter: {environment}) of another environment: ENVIRONMENT_FORBIDDEN', async () => {
    const r = await graphql(t.url, t.account.testKey, '{ documents(filter: { environment: "01" }) { nodes { id } } }');
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'ENVIRONMENT_FORBIDDEN', field: 'environment' });
  });

  it('a report of another environment: 403 (REST) / ENVIRONMENT_FORBIDDEN (GraphQL), nothing queued', async () => {
    const before = await snapshot();
    const r = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type: 'libro_compras', period: '2026-03', environment: '01' } });
    expectProblem(r, 403, 'environment_forbidden');
    const g = await graphql(t.url, t.account.testKey, 'mutation($input: RequestFiscalReportInput!) { requestFiscalReport(input: $input) { report { id } errors { field code } } }', {
      input: { emitterId: issuer.emitterId, type: 'libro_compras', period: '2026-03', environment: '01' },
    });
    expect(g.body.data.requestFiscalReport).toEqual({ report: null, errors: [{ field: 'environment', code: 'ENVIRONMENT_FORBIDDEN' }] });
    expect(await snapshot()).toBe(before);
  });

  it('a raw body whose ambiente is not the key\'s: 422 naming it, no number spent', async () => {
    const dry = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: feBody(issuer) });
    expect(dry.status).toBe(200);
    const raw = { ...dry.body.json, identificacion: { ...dry.body.json.identificacion, ambiente: '01', numeroControl: null, codigoGeneracion: null } };
    const before = await snapshot();
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: { emitter_id: issuer.emitterId, type: '01', establishment: issuer.establishment, point_of_sale: issuer.pointOfSale, raw } });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([{ path: 'raw.identificacion.ambiente', code: 'value_mismatch', message: expect.any(String) }]);
    expect(await snapshot()).toBe(before);
  });

  it('DocumentCreate.environment is ignored with an API key: the key decides', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: ccfBody(issuer, { environment: '01' }) });
    expect(r.status).toBe(200);
    expect(r.body.environment).toBe('00');
    expect(r.body.json.identificacion.ambiente).toBe('00');
  });
});
