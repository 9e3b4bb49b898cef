/**
 * A document's lines and payment terms as issued (ADR 0041): `items` and `payment` on the Document over
 * REST and GraphQL, read from the signed JSON — the same lines the official file holds — on the
 * document, the issuance's answer and a dry run; GraphQL lists load them when asked; REST lists leave
 * them out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { serializeDocument } from '../../rest-adapter/resources/document.resource';
import { documentView, type DocumentView } from '../../src/domain/documents';
import { documentViewOf, selectionOf } from '../support/view-selection';

import { ccfBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

const DOCUMENT_FIELDS = selectionOf(documentView, ['items', 'payment']);

let sim: MhSimulator;
let t: TestApp;
let issuer: Issuer;
let issued: { status: number; body: Record<string, any> };

const line = (v: Record<string, unknown>): Record<string, any> => ({
  code: null, discount: '0', non_subject_amount: '0', exempt_amount: '0', taxed_amount: '0', non_taxed_amount: '0', taxes: [], related_document: null,
  related_document_type: null, related_document_issued_on: null, withholding_code: null, withheld: null, donation_type: null, depreciation: null, ...v,
});
const EXPECTED_ITEMS = [
  line({ number: 1, type: '1', code: 'CAF-500', description: 'Café molido 500 g', quantity: '2', unit_code: '59', unit_price: '5.65', discount: '0.3', tax: 'gravada', taxed_amount: '11', iva: '1.26548673', total: '11' }),
  line({ number: 2, type: '2', description: 'Envío', quantity: '1', unit_code: '59', unit_price: '3', tax: 'exenta', exempt_amount: '3', iva: '0', total: '3' }),
  line({ number: 3, type: '2', description: 'Propina', quantity: '1', unit_code: '99', unit_price: '1.5', tax: 'no_sujeta', non_subject_amount: '1.5', iva: '0', total: '1.5' }),
];
const EXPECTED_PAYMENT = { condition: '2', methods: [{ code: '05', amount: '15.50', reference: 'Transferencia 123', term: '02', period: 30 }] };

function feWithLines(): Record<string, unknown> {
  return {
    emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', external_id: 'LINES-FE',
    receiver: { name: 'Juan Pérez', document_type: '13', document_number: '01234567-8' },
    items: [
      { type: '1', code: 'CAF-500', description: 'Café molido 500 g', quantity: '2', unit_code: '59', unit_price: '5.65', discount: '0.30', tax: 'gravada' },
      { type: '2', description: 'Envío', quantity: '1', unit_code: '59', unit_price: '3.00', tax: 'exenta' },
      { type: '2', description: 'Propina', quantity: '1', unit_code: '99', unit_price: '1.50', tax: 'no_sujeta' },
    ],
    payment: { condition: '2', methods: [{ code: '05', amount: '15.50', reference: 'Transferencia 123', term: '02', period: 30 }] },
  };
}

beforeAll(async () => {
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
  t = await startTestApp({ MH_SIMULATOR_URL: await sim.listen(0) });
  issuer = await createIssuer(t.url, t.account.testKey);
  issued = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feWithLines() });
});
afterAll(async () => {
  await t.stop();
  await sim.close();
});

const key = () => t.account.testKey;

describe('items and payment of a document', () => {
  it('REST: the document, and the issuance’s own answer, carry its lines and payment terms as issued', async () => {
    expect(issued.status).toBe(201);
    expect({ items: issued.body.items, payment: issued.body.payment }).toEqual({ items: EXPECTED_ITEMS, payment: EXPECTED_PAYMENT });
    const got = await request(t.url, 'GET', `/v1/documents/${issued.body.id}`, { key: key() });
    expect(got.status).toBe(200);
    expect({ items: got.body.items, payment: got.body.payment }).toEqual({ items: EXPECTED_ITEMS, payment: EXPECTED_PAYMENT });
  });

  it('the lines are the signed file’s: each one is its cuerpoDocumento line', async () => {
    const file = await request(t.url, 'GET', `/v1/documents/${issued.body.id}/json`, { key: key() });
    const lines = file.body.cuerpoDocumento as Record<string, unknown>[];
    expect(lines.map((l) => [l.numItem, l.descripcion, String(l.cantidad), String(l.precioUni), String(l.ventaGravada), String(l.ventaExenta), String(l.ventaNoSuj)])).toEqual(
      EXPECTED_ITEMS.map((i) => [i.number, i.description, i.quantity, i.unit_price, i.taxed_amount, i.exempt_amount, i.non_subject_amount]),
    );
    expect(file.body.resumen.pagos).toEqual([{ codigo: '05', montoPago: 15.5, referencia: 'Transferencia 123', plazo: '02', periodo: 30 }]);
  });

  it('GraphQL: document(id) gives the same lines and terms, field for field', async () => {
    const g = await graphql(t.url, key(), `query($id: ID!) { document(id: $id) { ${DOCUMENT_FIELDS} } }`, { id: issued.body.id });
    expect(g.body.errors).toBeUndefined();
    const rest = serializeDocument(documentViewOf(g.body.data.document) as DocumentView);
    expect({ items: rest.items, payment: rest.payment }).toEqual({ items: EXPECTED_ITEMS, payment: EXPECTED_PAYMENT });
    expect(g.body.data.document.items[0]).toMatchObject({ unitPrice: '5.65', taxedAmount: '11', iva: '1.26548673', total: '11' });
  });

  it('GraphQL lists load the lines of their nodes when asked; REST lists leave them out', async () => {
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: key(), body: ccfBody(issuer, { external_id: 'LINES-CCF' }) });
    expect(ccf.status).toBe(201);
    const g = await graphql(t.url, key(), '{ documents(first: 10) { nodes { externalId items { number description total taxes } payment { condition } } } }');
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.documents.nodes).toEqual([
      { externalId: 'LINES-CCF', items: [{ number: 1, description: 'Servicio de consultoría', total: '2000', taxes: ['20'] }], payment: { condition: '1' } },
      { externalId: 'LINES-FE', items: EXPECTED_ITEMS.map((i) => ({ number: i.number, description: i.description, total: i.total, taxes: [] })), payment: { condition: '2' } },
    ]);
    const list = await request(t.url, 'GET', '/v1/documents?limit=10', { key: key() });
    expect(list.body.data.map((d: Record<string, unknown>) => ['items' in d, 'payment' in d])).toEqual([[false, false], [false, false]]);
  });

  it('a dry run shows the lines it would issue, over both doors', async () => {
    const rest = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: key(), body: { ...feWithLines(), external_id: 'LINES-DRY' } });
    expect(rest.status).toBe(200);
    expect({ items: rest.body.items, payment: rest.body.payment }).toEqual({ items: EXPECTED_ITEMS, payment: EXPECTED_PAYMENT });
    const g = await graphql(t.url, key(), 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { items { description total } payment { condition } } errors { code } } }', {
      input: { emitterId: issuer.emitterId, type: '01', establishment: 'M001', pointOfSale: 'P001', items: [{ type: '1', description: 'Café', quantity: '1', unitCode: '59', unitPrice: '2.00', tax: 'gravada' }] },
    });
    expect(g.body.data.issueDocument).toEqual({ document: { items: [{ description: 'Café', total: '2' }], payment: { condition: '1' } }, errors: [] });
  });
});
