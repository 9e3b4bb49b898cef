/**
 * Each of the eleven CAT-002 types issued four ways — REST dry run, REST sync, GraphQL dry run,
 * GraphQL sync — from its docs/document-types.md example: the built JSON (dry runs) and the signed
 * file (`GET /v1/documents/{id}/json`, sync) validate against MH's official 2026 schema read from
 * ../shared/mh/schemas/2026, and the issued ones end `processed` through the MH simulator. The
 * JSON a dry run answers, posted back as `raw` (REST and GraphQL), is accepted as it is.
 */
import { snakeKeysToCamel } from '../../rest-adapter/case-convert';
import { exampleFor } from '../fixtures/document-type-examples';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { OFFICIAL_SCHEMA_FILES, officialValidators } from '../support/official-schemas';

type Json = Record<string, any>;

const validators = officialValidators();
const TYPES = Object.keys(OFFICIAL_SCHEMA_FILES);

const ISSUE = `mutation($input: DocumentCreateInput!, $mode: IssueMode, $dryRun: Boolean) {
  issueDocument(input: $input, mode: $mode, dryRun: $dryRun) { document { id type status generationCode json } errors { field code message } } }`;

let t: TestApp;
let issuer: Issuer;
let ccf: { generationCode: string; issuedOn: string };

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06142121212121' });
  const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: exampleFor('03', issuer.emitterId, { external_id: 'CCF-RELACIONADO' }) });
  expect(r.status).toBe(201);
  const file = await request(t.url, 'GET', `/v1/documents/${r.body.id}/json`, { key: t.account.testKey });
  ccf = { generationCode: r.body.generation_code, issuedOn: file.body.identificacion.fecEmi };
}, 120_000);
afterAll(async () => {
  await t.stop();
});

/** The type's example for this issuer; NC and ND relate the CCF issued above; a fresh external_id per issuance. */
function body(type: string, externalId: string): Json {
  const b = exampleFor(type, issuer.emitterId, { external_id: externalId });
  if (type === '05' || type === '06') {
    b.related_documents[0].generation_code = ccf.generationCode;
    b.related_documents[0].issued_on = ccf.issuedOn;
    b.items[0].related_document = ccf.generationCode;
  }
  return b;
}

function schemaErrors(type: string, json: Json): unknown {
  const { firmaElectronica: _f, selloRecibido: _s, ...dte } = json;
  return validators[type](dte) ? [] : validators[type].errors;
}

async function signedFile(id: string): Promise<Json> {
  const file = await request(t.url, 'GET', `/v1/documents/${id}/json`, { key: t.account.testKey });
  expect(file.status).toBe(200);
  return file.body;
}

describe.each(TYPES)('tipo %s', (type) => {
  it('REST dry run: 200 validated, the built JSON valid against the official schema', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: body(type, `REST-DRY-${type}`) });
    expect({ status: r.status, state: r.body.status, type: r.body.type }).toEqual({ status: 200, state: 'validated', type });
    expect(schemaErrors(type, r.body.json)).toEqual([]);
  });

  it('REST sync: 201 processed, the signed file valid against the official schema', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?mode=sync', { key: t.account.testKey, body: body(type, `REST-SYNC-${type}`) });
    expect({ status: r.status, state: r.body.status, type: r.body.type }).toEqual({ status: 201, state: 'processed', type });
    const file = await signedFile(r.body.id);
    expect(file.selloRecibido).toBe(r.body.reception_stamp);
    expect(file.identificacion.tipoDte).toBe(type);
    expect(schemaErrors(type, file)).toEqual([]);
  });

  it('REST raw: the dry run\'s own JSON sent back as raw → 200 validated, the same JSON', async () => {
    const dry = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: body(type, `REST-RAW-${type}`) });
    expect(dry.status).toBe(200);
    const raw = { emitter_id: issuer.emitterId, type, establishment: 'M001', point_of_sale: 'P001', raw: dry.body.json };
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: raw });
    expect({ status: r.status, state: r.body.status, errors: r.body.errors }).toEqual({ status: 200, state: 'validated', errors: undefined });
    expect(r.body.json).toEqual(dry.body.json);
    expect(r.body.totals).toEqual(dry.body.totals);
  });

  it('GraphQL raw: the dry run\'s own JSON sent back as raw → VALIDATED', async () => {
    const dry = await graphql(t.url, t.account.testKey, ISSUE, { input: snakeKeysToCamel(body(type, `GQL-RAW-${type}`)).value as Json, dryRun: true });
    const json = dry.body.data.issueDocument.document.json;
    const input = { emitterId: issuer.emitterId, type, establishment: 'M001', pointOfSale: 'P001', raw: json };
    const r = await graphql(t.url, t.account.testKey, ISSUE, { input, dryRun: true });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.issueDocument.errors).toEqual([]);
    expect({ status: r.body.data.issueDocument.document.status, json: r.body.data.issueDocument.document.json }).toEqual({ status: 'VALIDATED', json });
  });

  it('GraphQL dry run: VALIDATED, the built JSON valid against the official schema', async () => {
    const r = await graphql(t.url, t.account.testKey, ISSUE, { input: snakeKeysToCamel(body(type, `GQL-DRY-${type}`)).value as Json, dryRun: true });
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.issueDocument;
    expect(p.errors).toEqual([]);
    expect({ type: p.document.type, status: p.document.status, id: p.document.id }).toEqual({ type, status: 'VALIDATED', id: null });
    expect(schemaErrors(type, p.document.json)).toEqual([]);
  });

  it('GraphQL sync: PROCESSED, the signed file valid against the official schema', async () => {
    const r = await graphql(t.url, t.account.testKey, ISSUE, { input: snakeKeysToCamel(body(type, `GQL-SYNC-${type}`)).value as Json, mode: 'SYNC', dryRun: false }, { 'Idempotency-Key': `gql-sync-${type}` });
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.issueDocument;
    expect(p.errors).toEqual([]);
    expect({ type: p.document.type, status: p.document.status }).toEqual({ type, status: 'PROCESSED' });
    const file = await signedFile(p.document.id);
    expect(file.identificacion.codigoGeneracion).toBe(p.document.generationCode);
    expect(schemaErrors(type, file)).toEqual([]);
  });
});
