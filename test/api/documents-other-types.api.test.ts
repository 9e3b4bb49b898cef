/**
 * Every example body of docs/document-types.md issued through REST (sync, to `processed` through the
 * in-process MH simulator) and through GraphQL (dry run): the JSON file validates against MH's
 * official 2026 schema read from ../shared, the totals are exact, and refusals are Spanish 422s
 * naming the field with nothing stored.
 */
import { snakeKeysToCamel } from '../../rest-adapter/case-convert';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { OFFICIAL_SCHEMA_FILES, officialValidators } from '../support/official-schemas';
import { DOCUMENT_TYPE_EXAMPLES } from '../fixtures/document-type-examples';
import { addDays, localDateOf } from '../../src/domain/mh-rules/el-salvador-time';

type Json = Record<string, any>;

const validators = officialValidators();

const EXAMPLES = DOCUMENT_TYPE_EXAMPLES;

const TOTALS: Record<string, Json> = {
  '04': { subtotal: '265.00', iva: '32.50', total: '297.50' },
  '07': { subtotal: '2320.50', iva: '301.67', total: '23.21' },
  '08': { subtotal: '650.00', iva: '78.00', total: '732.00' },
  '09': { subtotal: '11000.00', iva: '1265.49', total: '10822.81' },
  '11': { subtotal: '25270.00', iva: '0.00', total: '25740.00' },
  '14': { subtotal: '280.00', iva: '0.00', total: '252.00' },
  '15': { subtotal: '2400.00', iva: '0.00', total: '2400.00' },
};

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140707071234' });
});
afterAll(async () => {
  await t.stop();
});

function example(type: string, overrides: Json = {}): Json {
  return { ...structuredClone(EXAMPLES[type]), emitter_id: issuer.emitterId, ...overrides };
}

async function documentCount(): Promise<number> {
  const [r] = (await t.app.services.deps.orm.em.getConnection().execute('select count(*)::int as n from documents')) as { n: number }[];
  return r.n;
}

it('docs/document-types.md has one complete example per CAT-002 type', () => {
  expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(OFFICIAL_SCHEMA_FILES).sort());
});

describe('REST: each example issued in sync to processed', () => {
  it.each(Object.keys(TOTALS))('tipo %s → 201 processed, exact totals, the signed file valid against the official schema', async (type) => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: example(type) });
    expect({ status: r.status, state: r.body.status, mh: r.body.mh_response?.code }).toEqual({ status: 201, state: 'processed', mh: '001' });
    expect(r.body).toMatchObject({ type, totals: TOTALS[type], control_number: expect.stringMatching(new RegExp(`^DTE-${type}-M001P001-\\d{15}$`)) });
    const file = await request(t.url, 'GET', `/v1/documents/${r.body.id}/json`, { key: t.account.testKey });
    const { firmaElectronica: _f, selloRecibido, ...dte } = file.body;
    expect(selloRecibido).toBe(r.body.reception_stamp);
    const validate = validators[type];
    expect(validate(dte) ? [] : validate.errors).toEqual([]);
  });

  it('NC and ND examples relate a CCF issued here', async () => {
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: example('03') });
    expect(ccf.status).toBe(201);
    const issuedOn = (await request(t.url, 'GET', `/v1/documents/${ccf.body.id}/json`, { key: t.account.testKey })).body.identificacion.fecEmi;
    for (const type of ['05', '06']) {
      const body = example(type);
      body.related_documents[0].generation_code = ccf.body.generation_code;
      body.related_documents[0].issued_on = issuedOn;
      body.items[0].related_document = ccf.body.generation_code;
      const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
      expect({ type, status: r.status, state: r.body.status }).toEqual({ type, status: 201, state: 'processed' });
    }
  });
});

describe('GraphQL: issueDocument dry runs of every example', () => {
  const MUTATION = `mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { type status totals { subtotal iva total } json } errors { field code message } } }`;
  it.each(Object.keys(TOTALS))('tipo %s → the same totals, a valid official JSON', async (type) => {
    const input = snakeKeysToCamel(example(type)).value as Json;
    const r = await graphql(t.url, t.account.testKey, MUTATION, { input });
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.issueDocument;
    expect(p.errors).toEqual([]);
    expect(p.document).toMatchObject({ type, status: 'VALIDATED', totals: TOTALS[type] });
    expect(validators[type](p.document.json)).toBe(true);
  });
});

describe('refusals: Spanish 422 naming the field, nothing stored', () => {
  it.each([
    ['NR without goods_title', () => example('04', { goods_title: undefined }), { path: 'goods_title', code: 'required' }],
    ['FSE line with a tax treatment', () => example('14', { items: [{ type: '1', description: 'Maíz', quantity: '1', unit_code: '59', unit_price: '1.00', tax: 'gravada' }] }), { path: 'items[0].tax', code: 'not_allowed_for_type' }],
    ['CR with items', () => example('07', { items: [{ type: '1', description: 'x', quantity: '1', unit_code: '59', unit_price: '1', tax: 'gravada' }] }), { path: 'items', code: 'not_allowed_for_type' }],
    ['FEX goods without incoterms', () => example('11', { export: { customs_office: '02', regime: '1000.000' } }), { path: 'export.incoterms', code: 'required' }],
    ['CD without associated documents', () => example('15', { associated_documents: undefined }), { path: 'associated_documents', code: 'required' }],
    ['DCL settlement backwards', () => example('09', { settlement: { ...EXAMPLES['09'].settlement, period_end: '2026-02-28' } }), { path: 'settlement.period_end', code: 'out_of_range' }],
    // Two days after today in El Salvador, whatever today is: a period not yet closed.
    ['DCL settling a period that ends after the DCL', () => example('09', { settlement: { ...EXAMPLES['09'].settlement, period_end: addDays(localDateOf(new Date()), 2) } }), {
      path: 'settlement.period_end', code: 'out_of_range', message: expect.stringMatching(/^El período liquidado termina el \d{4}-\d{2}-\d{2}, después del documento contable de liquidación/),
    }],
    // Two days after today in El Salvador, whatever today is: always after the CR's own date.
    ['CR withholding on a document dated after the CR', () => example('07', {
      withholdings: [EXAMPLES['07'].withholdings[0], { ...EXAMPLES['07'].withholdings[1], related_document: { type: '03', generation_code: '1548', issued_on: addDays(localDateOf(new Date()), 2) } }],
    }), { path: 'withholdings[1].related_document.issued_on', code: 'out_of_range', message: expect.stringMatching(/^El documento relacionado es del \d{4}-\d{2}-\d{2}, posterior al comprobante de retención/) }],
    ['FEX to a receiver in El Salvador', () => example('11', { receiver: { ...EXAMPLES['11'].receiver, country: 'SV' } }), {
      path: 'receiver.country', code: 'invalid_value',
      message: 'Una exportación va a un receptor fuera de El Salvador: el país no puede ser SV (para un receptor en el país emita una factura o un comprobante de crédito fiscal).',
    }],
  ])('%s', async (_label, body, error) => {
    const before = await documentCount();
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: body() });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.errors).toEqual([expect.objectContaining(error)]);
    expect(r.body.errors[0].message).toMatch(/[a-záéíóúñ]/);
    expect(await documentCount()).toBe(before);
  });
});

describe('GraphQL: the same refusals as data, naming the camelCase field', () => {
  const MUTATION = `mutation($input: DocumentCreateInput!) { issueDocument(input: $input) { document { id } errors { field code message } } }`;
  it.each([
    ['CR withholding on a document dated after the CR', () => example('07', {
      withholdings: [{ ...EXAMPLES['07'].withholdings[0], related_document: { ...EXAMPLES['07'].withholdings[0].related_document, issued_on: addDays(localDateOf(new Date()), 2) } }],
    }), { field: 'withholdings[0].relatedDocument.issuedOn', code: 'OUT_OF_RANGE' }],
    ['FEX to a receiver in El Salvador', () => example('11', { receiver: { ...EXAMPLES['11'].receiver, country: 'SV' } }), { field: 'receiver.country', code: 'INVALID_VALUE' }],
  ])('%s', async (_label, body, error) => {
    const before = await documentCount();
    const r = await graphql(t.url, t.account.testKey, MUTATION, { input: snakeKeysToCamel(body()).value as Json });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.issueDocument).toEqual({ document: null, errors: [expect.objectContaining(error)] });
    expect(await documentCount()).toBe(before);
  });
});
