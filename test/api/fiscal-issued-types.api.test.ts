/**
 * CR, FEX and FSE issued through REST to `processed` by the in-process MH simulator feed the F-07
 * annexes and books: annex 10 (CSV downloaded over REST) with one line per CR — a withholdings-made
 * record of the same generation code is replaced, an invalidated CR left out (and listed in anulados)
 * — and annexes 12, 5 and 2 and the purchase book read over GraphQL, exact cells.
 */
import { ManualClock } from '../../src/services/shared/clock';
import { compactCode as compact, controlDigits as control, fiscalReportsClient, type Json } from '../support/fiscal-reports-client';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

const ISSUED = new Date('2026-03-10T16:00:00Z'); // 10/03/2026 10:00 in El Salvador
const PERIOD = '2026-03';
const PEOPLE = {
  responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' },
  requester: { name: 'Carlos Méndez', document_type: '13', document_number: '09876543-2' },
};
const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let api: ReturnType<typeof fiscalReportsClient>;
const docs: Record<string, Json> = {};

const post = (path: string, body?: unknown) => api.post(path, body);
const put = (path: string, body: unknown) => request(t.url, 'PUT', path, { key: t.account.testKey, body });

async function issue(name: string, type: string, overrides: Json = {}): Promise<Json> {
  docs[name] = await api.issue(name, type, overrides);
  return docs[name];
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' }, { clock });
  clock.set(new Date(Date.now() + 5_000)); // the test certificate is valid from the real "now"
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141717171717' });
  api = fiscalReportsClient(t, () => issuer.emitterId, PERIOD);
  clock.set(ISSUED);
  await issue('cr', '07');
  const fse = await issue('fse', '14');
  await issue('fex', '11');
  await issue('crFse', '07', {
    withholdings: [{ related_document: { type: '14', generation_code: fse.generation_code, issued_on: '2026-03-10' }, taxable_amount: '280.00', code: 'C4' }],
  });
  const voided = await issue('crVoided', '07');
  clock.set(new Date(ISSUED.getTime() + 3_600_000));
  const inv = await post(`/v1/documents/${voided.id}/invalidate`, { reason_type: '2', ...PEOPLE });
  expect(inv.status).toBeLessThan(300);
  await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${voided.id}`, { key: t.account.testKey })).body.status === 'voided', 30_000);

  const record = (externalId: string, code: string) => ({
    version: 1, accounting_date: '2026-03-10', issue_date: '2026-03-10', doc_class: '4', doc_type: '07',
    generation_code: code, control_number: 'DTE-07-M001P001-000000000000999', seal: `2026${'0'.repeat(35)}9`,
    counterpart: { nit: '06141507891234' }, amounts: { subject_amount: '999.00', withheld_amount: '9.99' }, attributes: { kind: 'retention_1' },
  });
  const base = `/v1/emitters/${issuer.emitterId}/fiscal`;
  for (const [id, code] of [['M-SAME', docs.cr.generation_code], ['M-VOIDED', voided.generation_code]]) {
    expect((await put(`${base}/withholdings-made/${id}`, record(id, code))).status).toBeLessThan(300);
  }
  const purchase = {
    version: 1, accounting_date: '2026-03-10', issue_date: '2026-03-10', doc_class: '4', doc_type: '14',
    generation_code: fse.generation_code, control_number: fse.control_number, seal: fse.reception_stamp,
    counterpart: { name: 'María Elena Ramírez', dui: '01234567-8' }, amounts: { operation_amount: '300.00' },
    attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '2' },
  };
  expect((await put(`${base}/purchases/P-FSE`, purchase)).status).toBeLessThan(300);
  // A record no issued document replaces, in the next month (outside the annexes checked below).
  const april = { ...record('M-APRIL', '5D0E1F2A-3B4C-4D5E-8F60-718293A4B5C6'), accounting_date: '2026-04-02', issue_date: '2026-04-02' };
  expect((await put(`${base}/withholdings-made/M-APRIL`, april)).status).toBeLessThan(300);
}, 120_000);
afterAll(async () => {
  await t.stop();
});

async function restCsv(type: string): Promise<string[]> {
  const ready = await api.readyRest(type, { rules_version: `f07-v14/${type}@2026.4` });
  return api.csvLines(ready.id);
}

async function gqlRows(type: string): Promise<{ rows: string[][]; warnings: string[] }> {
  const r = await api.gqlRows(type);
  return { rows: r.rows, warnings: r.warnings.map((w) => w.code) };
}

describe('issued CR, FEX and FSE in the F-07 annexes', () => {
  it('REST annex 10: the CR once with its own values (its withholdings-made record replaced), the invalidated CR and its record left out', async () => {
    const cr = docs.cr;
    expect(await restCsv('f07_anexo10')).toEqual([
      // 1500.00 and 820.50 at 1 %: 15.00 + 8.21
      `06141507891234;10/03/2026;07;${control(cr)};${cr.reception_stamp};${compact(cr.generation_code)};2320.50;23.21;;10`,
    ]);
  });

  it('REST anulados: the invalidated CR with type 07', async () => {
    const v = docs.crVoided;
    expect(await restCsv('f07_anulados')).toEqual([`${control(v)};4;0;0;07;D;${v.reception_stamp};0;0;${String(v.generation_code).toUpperCase()}`]);
  });

  it('GraphQL annex 12: the C4 CR (series before resolution)', async () => {
    const c = docs.crFse;
    const r = await gqlRows('f07_anexo12');
    expect(r.rows).toEqual([['06141507891234', '10/03/2026', '07', c.reception_stamp, control(c), compact(c.generation_code), '280.00', '36.40', '', '12']]);
  });

  it('GraphQL annex 5: the FSE with the 13 % withheld on it and the classification of the purchase it replaces', async () => {
    const f = docs.fse;
    const r = await gqlRows('f07_anexo5');
    expect(r.rows).toEqual([['2', '012345678', 'María Elena Ramírez', '10/03/2026', f.reception_stamp, compact(f.generation_code), '280.00', '36.40', '1', '2', '2', '2', '5']]);
    expect(r.warnings).toEqual(['record_superseded']);
  });

  it('GraphQL annex 2: the FEX to Guatemala in O (exports within Central America), zero-rated', async () => {
    const x = docs.fex;
    const r = await gqlRows('f07_anexo2');
    expect(r.rows).toEqual([['10/03/2026', '4', '11', 'N/A', 'N/A', 'N/A', 'N/A', compact(x.generation_code), compact(x.generation_code), '',
      '0.00', '0.00', '0.00', '0.00', '25270.00', '0.00', '0.00', '0.00', '0.00', '25270.00', '1', '7', '2']]);
  });

  it('GraphQL purchase book: one FSE line, its purchases record not counted again', async () => {
    const f = docs.fse;
    const r = await gqlRows('libro_compras');
    expect(r.rows).toEqual([['1', '10/03/2026', '14', compact(f.generation_code), '', '012345678', 'María Elena Ramírez',
      '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '280.00', '36.40', '280.00']]);
  });
});

describe('fiscal record aggregates', () => {
  const AGG = `query($e: ID!, $r: String!, $f: FiscalRecordFilter) {
    fiscalRecordAggregates(emitterId: $e, resource: $r, groupBy: MONTH, filter: $f) { totals { records amounts { key total } } } }`;
  const totals = async (resource: string, period: string) => {
    const r = await graphql(t.url, t.account.testKey, AGG, { e: issuer.emitterId, r: resource, f: { period } });
    expect(r.body.errors).toBeUndefined();
    const { records, amounts } = r.body.data.fiscalRecordAggregates.totals as { records: number; amounts: { key: string; total: string }[] };
    return { records, amounts: Object.fromEntries(amounts.filter((a) => a.total !== '0.00').map((a) => [a.key, a.total])) };
  };

  it('do not sum the records an issued CR or FSE replaces (the CR voided or not), as the annexes and books do not', async () => {
    expect(await totals('withholdings-made', PERIOD)).toEqual({ records: 0, amounts: {} });
    expect(await totals('purchases', PERIOD)).toEqual({ records: 0, amounts: {} });
    expect(await totals('withholdings-made', '2026-04')).toEqual({ records: 1, amounts: { subject_amount: '999.00', withheld_amount: '9.99' } });
    // The records themselves are still listed.
    const list = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/withholdings-made?period=${PERIOD}`, { key: t.account.testKey });
    expect(list.body.data.map((r: Json) => r.external_id).sort()).toEqual(['M-SAME', 'M-VOIDED']);
  });
});

describe('drift of a closed period', () => {
  const periods = async () => (await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/periods`, { key: t.account.testKey })).body.data.find((p: Json) => p.period === PERIOD);

  it('a CD issued into the closed period leaves it without drift (in no book); an NR flags it', async () => {
    expect((await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${PERIOD}/close`)).status).toBe(202);
    expect(await waitFor(async () => ((await periods())?.status === 'closed' ? periods() : null), 60_000)).toMatchObject({ status: 'closed', drift: false });
    clock.set(ISSUED);
    await issue('cd', '15');
    expect(await periods()).toMatchObject({ status: 'closed', drift: false });
    await issue('nr', '04');
    expect(await periods()).toMatchObject({ status: 'closed', drift: true });
  }, 90_000);
});
