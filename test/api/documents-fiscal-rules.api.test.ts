/**
 * Fiscal rules of issuance through REST and GraphQL against the MH simulator: NC/ND relating a paper
 * document, related-document dates, credit sales' pagos, perception and withholding (Código
 * Tributario arts. 162/163), rate-based tributes after a global discount, tribute error codes by
 * name and an unrepresentable amount naming its field. Issued documents are checked against MH's
 * official 2026 schema files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, addMonthsClamped, localDateTime } from '../../src/domain/mh-rules/el-salvador-time';
import { compileOfficialSchema, createOfficialAjv } from '../../src/domain/dte/schemas/decimal-multiple-of';
import { ccfBody, feBody, ncBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import type { TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';

type Json = Record<string, any>;

const OFFICIAL_DIR = path.resolve(__dirname, '../../../shared/mh/schemas/2026');
const ajv = createOfficialAjv({ allErrors: true });
const official = Object.fromEntries(
  Object.entries({ '01': 'fe-f-v2.json', '03': 'fe-ccf-v4.json', '05': 'fe-nc-v4.json', '06': 'fe-nd-v4.json' })
    .map(([type, file]) => [type, compileOfficialSchema(ajv, JSON.parse(readFileSync(path.join(OFFICIAL_DIR, file), 'utf8')))]),
);

let t: TestApp;
let mh: MhControl;
let issuer: Issuer;
let large: Issuer;

beforeAll(async () => {
  ({ t, mh, issuer } = await startIssuingApp({ SYNC_WAIT_MS: '8000' }));
  large = await createIssuer(t.url, t.account.testKey, { emitter: { is_large_taxpayer: true } });
});
afterAll(async () => {
  await t.stop();
});

const post = (p: string, body: unknown) => request(t.url, 'POST', p, { key: t.account.testKey, body });

/** Issues in sync mode and returns the document processed by the simulator with its signed JSON, checked against MH's official schema. */
async function issueProcessed(body: Json): Promise<{ doc: Json; json: Json }> {
  const r = await post('/v1/documents', body);
  if (r.status !== 201) throw new Error(`${r.status} ${r.text}`);
  expect(r.body.status).toBe('processed');
  const file = await request(t.url, 'GET', `/v1/documents/${r.body.id}/json`, { key: t.account.testKey });
  const { firmaElectronica: _sig, selloRecibido: _seal, ...json } = file.body as Json;
  const validate = official[body.type as string];
  expect(validate(json) ? [] : validate.errors).toEqual([]);
  expect(await mh.reception(r.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
  return { doc: r.body, json };
}

/** The El Salvador date of today, moved by `days` (the service dates the note the same way). */
const today = (days = 0) => addDays(localDateTime(new Date()).date, days);

async function documentsCount(): Promise<number> {
  return Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from documents'))[0].n);
}

describe('an NC/ND relating a paper CCF by its number', () => {
  it.each(['05', '06'] as const)('tipo %s: sealed by MH with tipoGeneracion 1 and the number in documentoRelacionado and the lines', async (type) => {
    const body = ncBody(issuer, { generationCode: '190', issuedOn: today(-20) }, { type });
    const { doc, json } = await issueProcessed(body);
    expect(json.documentoRelacionado).toEqual([{ tipoDocumento: '03', tipoGeneracion: 1, numeroDocumento: '190', fechaEmision: today(-20) }]);
    expect(json.cuerpoDocumento.map((l: Json) => l.numeroDocumento)).toEqual(['190']);
    expect(doc.related_documents).toEqual([{ id: null, type: '03', generation_code: '190' }]);
  });

  it('an electronic CCF of ours keeps tipoGeneracion 2 with its generation code', async () => {
    const { doc: ccf } = await issueProcessed(ccfBody(issuer));
    const { json } = await issueProcessed(ncBody(issuer, { generationCode: ccf.generation_code.toLowerCase(), issuedOn: today() }));
    expect(json.documentoRelacionado).toEqual([{ tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ccf.generation_code, fechaEmision: localDateTime(new Date(ccf.issued_at)).date }]);
  });

  it('GraphQL takes the same paper number', async () => {
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { json } errors { field code } } }`,
      {
        input: {
          emitterId: issuer.emitterId, type: '05', establishment: 'M001', pointOfSale: 'P001',
          receiver: { name: 'Distribuidora El Roble, S.A. de C.V.', documentType: '36', documentNumber: '06142010901010', nrc: '2345678', economicActivity: '46900', address: { department: '06', municipality: '23', district: '14', line: 'Col. Escalón' } },
          relatedDocuments: [{ type: '03', generationCode: 'A-000190', issuedOn: today(-1) }],
          items: [{ type: '1', description: 'Devolución', quantity: '1', unitCode: '59', unitPrice: '10.00', tax: 'gravada', relatedDocument: 'A-000190' }],
        },
      },
    );
    expect(g.body.data.issueDocument.errors).toEqual([]);
    expect(g.body.data.issueDocument.document.json.documentoRelacionado[0]).toMatchObject({ tipoGeneracion: 1, numeroDocumento: 'A-000190' });
  });
});

describe('related-document dates of an NC/ND', () => {
  it.each([
    ['dated after the note', () => today(2), (on: string, note: string) => `El documento relacionado es del ${on}, posterior a la nota (${note}): una nota solo ajusta documentos ya emitidos.`],
    ['more than 3 months before the note', () => addMonthsClamped(today(-3), -3), (on: string, note: string) =>
      `La nota de crédito (${note}) está fuera del plazo del MH: ajusta un documento dentro de los 3 meses siguientes a su emisión, y el del ${on} admitía notas hasta el ${addMonthsClamped(on, 3)}.`],
  ])('refuses a related document %s with a Spanish 422 naming related_documents[0].issued_on; nothing stored', async (_label, on, message) => {
    const before = await documentsCount();
    const issuedOn = on();
    const r = await post('/v1/documents', ncBody(issuer, { generationCode: '190', issuedOn }));
    expect(r.status).toBe(422);
    expect(r.body.type).toMatch(/\/problems\/validation_failed$/);
    expect(r.body.errors).toEqual([{ path: 'related_documents[0].issued_on', code: 'out_of_range', message: message(issuedOn, today()) }]);
    expect(await documentsCount()).toBe(before);
  });
});

describe('credit sales', () => {
  it.each([
    ['a credit CCF (condition 2) without methods: pagos null', '03', { condition: '2' }, 2, null],
    ['an FE on "other" terms (condition 3) without methods: pagos null', '01', { condition: '3' }, 3, null],
    ['a cash CCF without methods: one 01 payment for the total', '03', { condition: '1' }, 1, [{ codigo: '01', montoPago: 2260, referencia: null, plazo: null, periodo: null }]],
  ] as const)('%s, sealed by MH', async (_label, type, payment, condition, pagos) => {
    const body = type === '03' ? ccfBody(issuer, { payment }) : feBody(issuer, { payment });
    const { json } = await issueProcessed(body);
    expect(json.resumen.condicionOperacion).toBe(condition);
    expect(json.resumen.pagos).toEqual(pagos);
  });
});

describe('perception (CT art. 163) and withholding (art. 162)', () => {
  const goods = (price: string) => ({ type: '1', description: 'Cemento gris 42.5 kg', quantity: '1', unit_code: '59', unit_price: price, tax: 'gravada' });
  const service = (price: string) => ({ type: '2', description: 'Flete', quantity: '1', unit_code: '59', unit_price: price, tax: 'gravada' });

  it('perception on 120.00 of goods (services aside): 1.20, sealed by MH', async () => {
    const { doc, json } = await issueProcessed(ccfBody(large, { perception: true, items: [goods('120.00'), service('300.00')] }));
    expect(json.resumen).toMatchObject({ ivaPerci: 1.2, totalPagar: 475.8 });
    expect(doc.warnings).toEqual([]);
    expect(doc.totals).toMatchObject({ total: '475.80' });
  });

  it('perception below 100.00 of goods: not applied, with the warning', async () => {
    const { doc, json } = await issueProcessed(ccfBody(large, { perception: true, items: [goods('99.99'), service('300.00')] }));
    expect(json.resumen.ivaPerci).toBe(0);
    expect(doc.warnings).toEqual([{ code: 'perception_below_threshold', message: 'No se aplicó la percepción de IVA 1 %: la base gravada de bienes sin IVA (99.99 USD) es menor que 100.00 USD.' }]);
  });

  it('perception and withholding on one document: Spanish 422, nothing stored; GraphQL answers the same refusal', async () => {
    const before = await documentsCount();
    const body = ccfBody(large, { perception: true, withholding: { iva_1: true } });
    const r = await post('/v1/documents', body);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{
      path: 'perception',
      code: 'invalid_combination',
      message: 'La percepción y la retención de IVA 1 % se excluyen en un mismo documento: percibe el gran contribuyente que vende bienes a quien no lo es (Código Tributario art. 163); retiene el gran contribuyente que compra a quien no lo es (art. 162). Indique solo una.',
    }]);
    const dry = await post('/v1/documents?dry_run=true', body);
    expect(dry.status).toBe(422);
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: DocumentCreateInput!) { issueDocument(input: $input) { document { id } errors { field code } } }`,
      { input: {
        emitterId: large.emitterId, type: '03', establishment: 'M001', pointOfSale: 'P001', perception: true, withholding: { iva1: true },
        receiver: { name: 'Distribuidora El Roble, S.A. de C.V.', documentType: '36', documentNumber: '06142010901010', nrc: '2345678', economicActivity: '46900', address: { department: '06', municipality: '23', district: '14', line: 'Col. Escalón' } },
        items: [{ type: '1', description: 'Cemento', quantity: '1', unitCode: '59', unitPrice: '1000.00', tax: 'gravada' }],
      } },
    );
    expect(g.body.data.issueDocument).toEqual({ document: null, errors: [{ field: 'perception', code: 'INVALID_COMBINATION' }] });
    expect(await documentsCount()).toBe(before);
  });
});

describe('rate-based tributes after a global discount', () => {
  it('tourism (59) on the same discounted base as IVA, sealed by MH', async () => {
    const { json } = await issueProcessed(ccfBody(issuer, {
      items: [{ type: '2', description: 'Alojamiento 2 noches', quantity: '2', unit_code: '59', unit_price: '50.00', tax: 'gravada', taxes: ['59'] }],
      global_discount: { gravada: '20.00' },
    }));
    expect(json.resumen.tributos).toEqual([
      { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 10.4 },
      { codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: 4 },
    ]);
    expect(json.resumen).toMatchObject({ subTotal: 80, montoTotalOperacion: 94.4, totalPagar: 94.4 });
  });
});

describe('error codes answered by name', () => {
  const line = (overrides: Json) => ({ type: '1', description: 'Línea', quantity: '1', unit_code: '59', unit_price: '10.00', tax: 'gravada', ...overrides });

  it.each([
    ['FOVIAL on a line not in gallons', { taxes: ['D1'] }, 'items[0].unit_code', 'tribute_requires_gallons'],
    ['D5 has no computable rate', { taxes: ['D5'] }, 'items[0].taxes[0]', 'tribute_not_computable'],
    ['D4 is MH internal use', { taxes: ['D4'] }, 'items[0].taxes[0]', 'tribute_not_allowed'],
  ])('%s → 422 naming the code (REST and GraphQL)', async (_label, overrides, errPath, code) => {
    const r = await post('/v1/documents?dry_run=true', ccfBody(issuer, { items: [line(overrides)] }));
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: Json) => ({ path: e.path, code: e.code }))).toEqual([{ path: errPath, code }]);
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { errors { code } } }`,
      { input: { emitterId: issuer.emitterId, type: '01', establishment: 'M001', pointOfSale: 'P001', items: [{ type: '1', description: 'Línea', quantity: '1', unitCode: '59', unitPrice: '10.00', tax: 'gravada', ...(overrides.taxes ? { taxes: overrides.taxes } : {}) }] } },
    );
    expect(g.body.data.issueDocument.errors).toEqual([{ code: code.toUpperCase() }]);
  });

  it('an amount a JSON number cannot carry exactly names its line and field (items[3].unit_price)', async () => {
    const items = [line({}), line({}), line({}), line({ unit_price: '100000000.00000002' })];
    const r = await post('/v1/documents?dry_run=true', ccfBody(issuer, { items }));
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'items[3].unit_price', code: 'amount_not_representable', message: 'El monto 100000000.00000002 no se puede representar exactamente como número JSON; reduzca los decimales o el monto.' }]);
  });
});
