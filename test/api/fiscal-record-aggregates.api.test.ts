import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Analysts' GraphQL over fiscal records: fiscalRecordAggregates (grouped sums per amounts key, equal to
 * the libro de compras) and the fiscalRecords / REST list filters.
 */
let t: TestApp;
let issuer: Issuer;
const PERIOD = '2026-03';

const AGG = `query($e: ID!, $r: String!, $g: FiscalRecordGroupBy!, $f: FiscalRecordFilter, $first: Int, $after: String) {
  fiscalRecordAggregates(emitterId: $e, resource: $r, groupBy: $g, filter: $f, first: $first, after: $after) {
    nodes { key label records amounts { key total } }
    pageInfo { hasNextPage endCursor }
    totals { records amounts { key total } } } }`;

const LIST = `query($e: ID!, $r: String!, $f: FiscalRecordFilter) {
  fiscalRecords(emitterId: $e, resource: $r, filter: $f, first: 50) { nodes { externalId } } }`;

type Sum = { key: string; total: string };
/** The non-zero sums of an amounts list, as a map (every key is listed; zeros are checked apart). */
const nonZero = (amounts: Sum[]) => Object.fromEntries(amounts.filter((a) => a.total !== '0.00').map((a) => [a.key, a.total]));

async function aggregates(groupBy: string, filter: Record<string, unknown> = { period: PERIOD }, extra: Record<string, unknown> = {}, resource = 'purchases') {
  const r = await graphql(t.url, t.account.testKey, AGG, { e: issuer.emitterId, r: resource, g: groupBy, f: filter, ...extra });
  return r.body;
}

const SUPPLIER_TWO = { name: 'Distribuidora Dos, S.A.', nit: '0614-020202-111-1', nrc: '22222-2' };

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140303037777', credentials: false });
  const items = [
    purchaseBody(1),
    purchaseBody(2, { accounting_date: '2026-03-20', counterpart: SUPPLIER_TWO, amounts: { taxed_internal: '250.005', vat_credit: '32.50' } }),
    purchaseBody(3, { doc_type: '05', control_number: 'DTE-05-M001P001-000000000000003', amounts: { taxed_internal: '40.00', vat_credit: '5.20' } }),
    purchaseBody(4, {
      accounting_date: '2026-03-15', doc_type: '14', control_number: 'DTE-14-M001P001-000000000000004', counterpart: { name: 'Juan Pérez' },
      amounts: { operation_amount: '280.00', vat_withheld: '0' }, attributes: { other_id_number: 'A1234567' },
    }),
    purchaseBody(5, { exclude_from_books: true, amounts: { taxed_internal: '1000.00', vat_credit: '130.00' } }),
    purchaseBody(6, { amounts: { taxed_internal: '77.00', vat_credit: '10.01' } }),
    purchaseBody(7, { accounting_date: '2026-04-02', issue_date: '2026-04-01' }),
  ];
  const batch = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/batch`, { key: t.account.testKey, body: { items } });
  expect(batch.body.results.map((r: { status: string }) => r.status)).toEqual(Array(7).fill('created'));
  const del = await request(t.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/P-6`, { key: t.account.testKey });
  expect(del.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('fiscalRecordAggregates', () => {
  it('MONTH: a credit note subtracts, excluded and deleted records do not count, amounts round half up to cents; every key is listed', async () => {
    const body = await aggregates('MONTH');
    expect(body.errors).toBeUndefined();
    const c = body.data.fiscalRecordAggregates;
    const expected = { taxed_internal: '310.01', vat_credit: '40.30', exempt_internal: '5.50', operation_amount: '280.00' };
    expect(c.totals.records).toBe(4);
    expect(nonZero(c.totals.amounts)).toEqual(expected);
    expect(c.totals.amounts.map((a: Sum) => a.key)).toEqual([
      'exempt_internal', 'exempt_internment', 'exempt_import', 'taxed_internal', 'taxed_internment_goods', 'taxed_import_goods', 'taxed_import_services',
      'vat_credit', 'operation_amount', 'vat_withheld',
    ]);
    expect(c.nodes).toHaveLength(1);
    expect(c.nodes[0]).toMatchObject({ key: PERIOD, label: null, records: 4 });
    expect(nonZero(c.nodes[0].amounts)).toEqual(expected);
  });

  it('the sums equal the libro de compras of the period', async () => {
    const q = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type: 'libro_compras', period: PERIOD } });
    expect([200, 202]).toContain(q.status);
    let report = q.body;
    const until = Date.now() + 30_000;
    while (report.status !== 'ready') {
      if (report.status === 'failed' || Date.now() > until) throw new Error(`libro_compras: ${report.status}`);
      await new Promise((res) => setTimeout(res, 100));
      report = (await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/reports/${q.body.id}`, { key: t.account.testKey })).body;
    }
    const sums = Object.fromEntries((await aggregates('MONTH')).data.fiscalRecordAggregates.totals.amounts.map((a: Sum) => [a.key, a.total]));
    for (const key of ['exempt_internal', 'taxed_internal', 'vat_credit', 'vat_withheld']) {
      expect([key, sums[key]]).toEqual([key, report.totals[key] ?? report.totals[`total_${key}`]]);
    }
  });

  it('DOC_TYPE, DAY and COUNTERPART groups, keys in order, with the counterpart name as label', async () => {
    const byType = (await aggregates('DOC_TYPE')).data.fiscalRecordAggregates.nodes;
    expect(byType.map((n: { key: string; records: number }) => [n.key, n.records])).toEqual([['03', 2], ['05', 1], ['14', 1]]);
    expect(nonZero(byType[1].amounts)).toEqual({ taxed_internal: '-40.00', vat_credit: '-5.20' });

    const byDay = (await aggregates('DAY')).data.fiscalRecordAggregates.nodes;
    expect(byDay.map((n: { key: string; records: number }) => [n.key, n.records])).toEqual([['2026-03-12', 2], ['2026-03-15', 1], ['2026-03-20', 1]]);
    expect(nonZero(byDay[0].amounts)).toEqual({ taxed_internal: '60.00', vat_credit: '7.80', exempt_internal: '5.50' });

    const byCounterpart = (await aggregates('COUNTERPART')).data.fiscalRecordAggregates.nodes;
    expect(byCounterpart.map((n: { key: string; label: string; records: number }) => [n.key, n.label, n.records])).toEqual([
      ['06140101901234', 'Proveedor Uno, S.A. de C.V.', 2],
      ['06140202021111', 'Distribuidora Dos, S.A.', 1],
      ['A1234567', 'Juan Pérez', 1],
    ]);
  });

  it('ANNEX routes type 14 to annex 5 and the rest to annex 3, as the annex generators do', async () => {
    const nodes = (await aggregates('ANNEX')).data.fiscalRecordAggregates.nodes;
    expect(nodes.map((n: { key: string; records: number }) => [n.key, n.records])).toEqual([['f07_anexo3', 3], ['f07_anexo5', 1]]);
    expect(nodes[1].label).toMatch(/Anexo 5/);
    expect(nonZero(nodes[1].amounts)).toEqual({ operation_amount: '280.00' });
  });

  it('pages through the groups with first/after; totals always cover the whole filter', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      const c: { nodes: { key: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string }; totals: { records: number } } = (await aggregates('DAY', { period: PERIOD }, { first: 1, after })).data.fiscalRecordAggregates;
      expect(c.totals.records).toBe(4);
      seen.push(...c.nodes.map((n) => n.key));
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual(['2026-03-12', '2026-03-15', '2026-03-20']);
  });

  it('filters by counterpart (NIT with dashes or part of the name), type and accounting dates', async () => {
    const byNit = (await aggregates('MONTH', { period: PERIOD, counterpart: '0614-010190-123-4' })).data.fiscalRecordAggregates.totals;
    expect(byNit.records).toBe(2);
    expect(nonZero(byNit.amounts)).toEqual({ taxed_internal: '60.00', vat_credit: '7.80', exempt_internal: '5.50' });
    expect((await aggregates('MONTH', { counterpart: 'distribuidora' })).data.fiscalRecordAggregates.totals.records).toBe(1);
    expect((await aggregates('MONTH', { docType: '14' })).data.fiscalRecordAggregates.totals.records).toBe(1);
    const window = (await aggregates('MONTH', { from: '2026-03-13', to: '2026-04-30' })).data.fiscalRecordAggregates;
    expect(window.nodes.map((n: { key: string; records: number }) => [n.key, n.records])).toEqual([['2026-03', 2], ['2026-04', 1]]);
  });

  it('bad input is a typed error naming the field, in Spanish', async () => {
    const bad = await aggregates('MONTH', { period: '2026-13' });
    expect(bad.errors[0]).toMatchObject({ message: 'El periodo debe tener el formato AAAA-MM.', extensions: { code: 'INVALID_FORMAT', field: 'filter.period' } });
    const resource = await aggregates('MONTH', {}, {}, 'ventas');
    expect(resource.errors[0].extensions).toMatchObject({ code: 'INVALID_VALUE', field: 'resource' });
    const range = await aggregates('MONTH', { from: '2026-03-31', to: '2026-03-01' });
    expect(range.errors[0].extensions).toMatchObject({ field: 'filter.to' });
  });

  it('withholdings received group by annex through attributes.kind', async () => {
    const base = {
      version: 1, accounting_date: '2026-03-05', issue_date: '2026-03-04', doc_class: '4', seal: '2026'.padEnd(40, 'A'),
      counterpart: { name: 'Agente', nit: '06140101901234' },
    };
    const items = [
      { ...base, external_id: 'W-1', doc_type: '07', generation_code: 'a0000000-0000-4000-8000-000000000001', control_number: 'DTE-07-M001P001-000000000000001', amounts: { subject_amount: '1000.00', withheld_amount: '10.00' }, attributes: { kind: 'retention_1' } },
      { ...base, external_id: 'W-2', doc_type: '03', generation_code: 'a0000000-0000-4000-8000-000000000002', control_number: 'DTE-03-M001P001-000000000000002', amounts: { subject_amount: '500.00', perceived_amount: '5.00' }, attributes: { kind: 'perception_1' } },
    ];
    const batch = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/withholdings-received/batch`, { key: t.account.testKey, body: { items } });
    expect(batch.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    const nodes = (await aggregates('ANNEX', { period: PERIOD }, {}, 'withholdings-received')).data.fiscalRecordAggregates.nodes;
    expect(nodes.map((n: { key: string; amounts: Sum[] }) => [n.key, nonZero(n.amounts)])).toEqual([
      ['f07_anexo7', { subject_amount: '1000.00', withheld_amount: '10.00' }],
      ['f07_anexo8', { subject_amount: '500.00', perceived_amount: '5.00' }],
    ]);
  });
});

describe('fiscalRecords and GET /v1/emitters/{id}/fiscal/{resource} filters', () => {
  it('GraphQL: type, counterpart and dates narrow the list; deleted records never show', async () => {
    const list = async (f: Record<string, unknown>) => {
      const r = await graphql(t.url, t.account.testKey, LIST, { e: issuer.emitterId, r: 'purchases', f });
      expect(r.body.errors).toBeUndefined();
      return r.body.data.fiscalRecords.nodes.map((n: { externalId: string }) => n.externalId).sort();
    };
    expect(await list({ period: PERIOD })).toEqual(['P-1', 'P-2', 'P-3', 'P-4', 'P-5']);
    expect(await list({ docType: '05' })).toEqual(['P-3']);
    expect(await list({ counterpart: '0614-020202-111-1' })).toEqual(['P-2']);
    expect(await list({ docClass: '4', from: '2026-03-15', to: '2026-03-20' })).toEqual(['P-2', 'P-4']);
  });

  it('REST: the same filters as query parameters; a bad date is a 422 problem naming the parameter', async () => {
    const path = `/v1/emitters/${issuer.emitterId}/fiscal/purchases`;
    const ok = await request(t.url, 'GET', `${path}?doc_type=14&counterpart=juan`, { key: t.account.testKey });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((r: { external_id: string }) => r.external_id)).toEqual(['P-4']);
    const bad = await request(t.url, 'GET', `${path}?from=2026-02-30`, { key: t.account.testKey });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(bad.body.errors[0]).toMatchObject({ path: 'from', message: 'La fecha debe ser válida y tener el formato AAAA-MM-DD.' });
  });
});
