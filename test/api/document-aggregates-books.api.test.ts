import Decimal from 'decimal.js';
import { ccfBody, feBody, ncBody, ndBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/** documentAggregates totals equal the VAT books' totals: credit notes subtract, excluded documents do not count. */
let t: TestApp;
let issuer: Issuer;
let period: string;
const docs: { id: string; type: string; subtotal: string; iva: string; total: string }[] = [];

const AGGREGATES = `query($e: ID!, $f: DocumentAggregateFilter, $g: DocumentGroupBy!) {
  documentAggregates(emitterId: $e, filter: $f, groupBy: $g) {
    nodes { key documents subtotal iva total }
    totals { documents subtotal iva total } } }`;

const get = (path: string) => request(t.url, 'GET', path, { key: t.account.testKey });
const post = (path: string, body?: unknown) => request(t.url, 'POST', path, { key: t.account.testKey, body });

async function bookTotals(type: string): Promise<Record<string, string>> {
  const q = await post(`/v1/emitters/${issuer.emitterId}/fiscal/reports`, { type, period });
  expect([200, 202]).toContain(q.status);
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/reports/${q.body.id}`);
    if (r.body.status === 'ready') return r.body.totals;
    if (r.body.status === 'failed' || Date.now() > until) throw new Error(`report ${type}: ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Signed sum as the books count it: an NC (05) subtracts. */
function signedSum(list: typeof docs, f: 'subtotal' | 'iva' | 'total'): string {
  return list.reduce((acc, d) => (d.type === '05' ? acc.minus(d[f]) : acc.plus(d[f])), new Decimal(0)).toFixed(2);
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  const issue = async (body: Record<string, unknown>) => {
    const d = await post('/v1/documents', body);
    expect(d.body.status).toBe('processed');
    docs.push({ id: d.body.id, type: d.body.type, ...d.body.totals });
    return d.body;
  };
  const ccf = await issue(ccfBody(issuer));
  await issue(ccfBody(issuer, { items: [{ type: '1', description: 'Equipo', quantity: '3', unit_code: '59', unit_price: '150.25', tax: 'gravada' }] }));
  const json = await get(`/v1/documents/${ccf.id}/json`);
  const related = { generationCode: String(json.body.identificacion.codigoGeneracion), issuedOn: String(json.body.identificacion.fecEmi) };
  period = related.issuedOn.slice(0, 7);
  await issue(ncBody(issuer, related));
  await issue(ndBody(issuer, related));
  await issue(feBody(issuer));
  // A CCF the ERP keeps out of the books: it must leave the aggregates too.
  const excluded = await issue(ccfBody(issuer, { items: [{ type: '1', description: 'Interno', quantity: '1', unit_code: '59', unit_price: '500.00', tax: 'gravada' }] }));
  const tag = await request(t.url, 'PATCH', `/v1/documents/${excluded.id}/fiscal`, { key: t.account.testKey, body: { exclude_from_books: true } });
  expect(tag.status).toBe(200);
}, 90_000);
afterAll(async () => {
  await t.stop();
});

describe('documentAggregates totals equal the VAT books', () => {
  it('an NC subtracts and an excluded document is left out: IVA and totals equal the books of the period', async () => {
    const counted = docs.slice(0, 5);
    const r = await graphql(t.url, t.account.testKey, AGGREGATES, { e: issuer.emitterId, g: 'TYPE', f: { period } });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.documentAggregates;
    expect(c.totals).toEqual({ documents: 5, subtotal: signedSum(counted, 'subtotal'), iva: signedSum(counted, 'iva'), total: signedSum(counted, 'total') });
    const nc = docs.find((d) => d.type === '05')!;
    expect(c.nodes.find((n: { key: string }) => n.key === '05')).toEqual({ key: '05', documents: 1, subtotal: `-${nc.subtotal}`, iva: `-${nc.iva}`, total: `-${nc.total}` });

    const contributors = await bookTotals('libro_ventas_contribuyentes');
    const consumers = await bookTotals('libro_ventas_consumidor');
    // IVA: débito fiscal of CCF/ND less NC plus the IVA inside the FEs — the book's total débito.
    expect(c.totals.iva).toBe(contributors.total_vat_debit);
    // Total: the contributors book's total sales (by document, with IVA) plus the consumer book's.
    expect(c.totals.total).toBe(new Decimal(contributors.total_sales).plus(consumers.total_sales).toFixed(2));

    // The taxpayer documents alone (CCF, NC, ND) equal the contributors book.
    const taxpayer = ['03', '05', '06'].map((type) => c.nodes.find((n: { key: string }) => n.key === type)!);
    const sum = (f: 'iva' | 'total') => taxpayer.reduce((acc, n) => acc.plus(n[f]), new Decimal(0)).toFixed(2);
    expect(sum('iva')).toBe(contributors.vat_debit);
    expect(sum('total')).toBe(contributors.total_sales);
  });

  it('groupBy ANNEX: CCF/NC/ND go to f07_anexo1 and FE to f07_anexo2, with the books\' totals', async () => {
    const r = await graphql(t.url, t.account.testKey, AGGREGATES, { e: issuer.emitterId, g: 'ANNEX', f: { period } });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.documentAggregates;
    const counted = docs.slice(0, 5);
    const group = (key: string, types: string[]) => {
      const list = counted.filter((d) => types.includes(d.type));
      return { key, documents: list.length, subtotal: signedSum(list, 'subtotal'), iva: signedSum(list, 'iva'), total: signedSum(list, 'total') };
    };
    expect(c.nodes).toEqual([group('f07_anexo1', ['03', '05', '06']), group('f07_anexo2', ['01'])]);
    expect(c.nodes[0].documents).toBe(4);
    expect(c.totals).toEqual({ documents: 5, subtotal: signedSum(counted, 'subtotal'), iva: signedSum(counted, 'iva'), total: signedSum(counted, 'total') });

    const contributors = await bookTotals('libro_ventas_contribuyentes');
    const consumers = await bookTotals('libro_ventas_consumidor');
    expect(c.nodes[0].iva).toBe(contributors.vat_debit);
    expect(c.nodes[0].total).toBe(contributors.total_sales);
    expect(c.nodes[1].total).toBe(consumers.total_sales);
  });

  it('groupBy MONTH gives the same signed totals in one group', async () => {
    const r = await graphql(t.url, t.account.testKey, AGGREGATES, { e: issuer.emitterId, g: 'MONTH' });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.documentAggregates;
    expect(c.nodes).toEqual([{ key: period, ...c.totals }]);
    expect(c.totals.documents).toBe(5);
  });
});
