import Decimal from 'decimal.js';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
let period: string;
const docs: { type: string; issueDate: string; subtotal: string; iva: string; total: string }[] = [];

const gql = (query: string, variables: Record<string, unknown> = {}, key = t.account.testKey) => graphql(t.url, key, query, variables);

const AGGREGATES = `query($e: ID!, $f: DocumentAggregateFilter, $g: DocumentGroupBy!, $first: Int, $after: String) {
  documentAggregates(emitterId: $e, filter: $f, groupBy: $g, first: $first, after: $after) {
    edges { cursor node { key label documents subtotal iva total } }
    nodes { key label documents subtotal iva total }
    pageInfo { hasNextPage endCursor }
    totals { documents subtotal iva total } } }`;

type Sums = { documents: number; subtotal: string; iva: string; total: string };
function sum(list: typeof docs): Sums {
  const add = (f: 'subtotal' | 'iva' | 'total') => list.reduce((acc, d) => acc.plus(d[f]), new Decimal(0)).toFixed(2);
  return { documents: list.length, subtotal: add('subtotal'), iva: add('iva'), total: add('total') };
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  const bodies = [
    ccfBody(issuer),
    ccfBody(issuer, { items: [{ type: '1', description: 'Artículo', quantity: '1', unit_code: '59', unit_price: '65.09', discount: '15.01', tax: 'gravada' }] }),
    feBody(issuer),
    feBody(issuer),
  ];
  for (const body of bodies) {
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
    expect(d.body.status).toBe('processed');
    const json = await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey });
    docs.push({ type: d.body.type, issueDate: String(json.body.identificacion.fecEmi), ...d.body.totals });
  }
  period = docs[0].issueDate.slice(0, 7);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('documentAggregates (GraphQL)', () => {
  it('groupBy TYPE: each group and the totals equal the sums of the documents own totals', async () => {
    const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'TYPE', f: { period } });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.documentAggregates;
    expect(c.nodes).toEqual([
      { key: '01', label: 'Factura', ...sum(docs.filter((d) => d.type === '01')) },
      { key: '03', label: 'Comprobante de crédito fiscal', ...sum(docs.filter((d) => d.type === '03')) },
    ]);
    expect(c.edges.map((e: { node: unknown }) => e.node)).toEqual(c.nodes);
    expect(c.totals).toEqual(sum(docs));
    expect(c.pageInfo).toMatchObject({ hasNextPage: false });
  });

  it('groupBy DAY: sums per issue date; totals over the whole filter', async () => {
    const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'DAY' });
    expect(r.body.errors).toBeUndefined();
    const days = [...new Set(docs.map((d) => d.issueDate))].sort();
    expect(r.body.data.documentAggregates.nodes).toEqual(days.map((day) => ({ key: day, label: null, ...sum(docs.filter((d) => d.issueDate === day)) })));
    expect(r.body.data.documentAggregates.totals).toEqual(sum(docs));
  });

  it('groupBy ANNEX: the F-07 sales annex each document goes to (CCF → anexo 1, FE → anexo 2), with readable labels', async () => {
    const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'ANNEX', f: { period } });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.documentAggregates;
    expect(c.nodes).toEqual([
      { key: 'f07_anexo1', label: 'F-07 Anexo 1 — Detalle de ventas a contribuyentes', ...sum(docs.filter((d) => d.type === '03')) },
      { key: 'f07_anexo2', label: 'F-07 Anexo 2 — Detalle de ventas a consumidor final', ...sum(docs.filter((d) => d.type === '01')) },
    ]);
    expect(c.nodes.map((n: { documents: number }) => n.documents)).toEqual([2, 2]);
    expect(c.totals).toEqual(sum(docs));

    const page = await gql(AGGREGATES, { e: issuer.emitterId, g: 'ANNEX', first: 1 });
    expect(page.body.data.documentAggregates.nodes.map((n: { key: string }) => n.key)).toEqual(['f07_anexo1']);
    const next = await gql(AGGREGATES, { e: issuer.emitterId, g: 'ANNEX', first: 1, after: page.body.data.documentAggregates.pageInfo.endCursor });
    expect(next.body.data.documentAggregates.nodes.map((n: { key: string }) => n.key)).toEqual(['f07_anexo2']);
    expect(next.body.data.documentAggregates.pageInfo.hasNextPage).toBe(false);
  });

  it('filter by type narrows groups and totals; an empty filter result sums to zero', async () => {
    const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'MONTH', f: { type: '03' } });
    expect(r.body.errors).toBeUndefined();
    const ccf = sum(docs.filter((d) => d.type === '03'));
    expect(r.body.data.documentAggregates.nodes).toEqual([{ key: period, label: null, ...ccf }]);
    expect(r.body.data.documentAggregates.totals).toEqual(ccf);

    const none = await gql(AGGREGATES, { e: issuer.emitterId, g: 'TYPE', f: { status: 'VOIDED' } });
    expect(none.body.errors).toBeUndefined();
    expect(none.body.data.documentAggregates).toMatchObject({ nodes: [], totals: { documents: 0, subtotal: '0.00', iva: '0.00', total: '0.00' } });
  });

  it('first: 1 walks every group with the cursor', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'TYPE', first: 1, after });
      expect(r.body.errors).toBeUndefined();
      const c = r.body.data.documentAggregates;
      expect(c.nodes).toHaveLength(1);
      expect(c.totals).toEqual(sum(docs));
      seen.push(c.nodes[0].key);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual(['01', '03']);
  });

  it("another account's emitter → RESOURCE_NOT_FOUND; a bad period → error", async () => {
    const other = await t.newAccount('Otra cuenta');
    const r = await gql(AGGREGATES, { e: issuer.emitterId, g: 'TYPE' }, other.testKey);
    expect(r.body.data?.documentAggregates ?? null).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('RESOURCE_NOT_FOUND');

    const bad = await gql(AGGREGATES, { e: issuer.emitterId, g: 'TYPE', f: { period: '2026-13' } });
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_FORMAT');
  });
});
