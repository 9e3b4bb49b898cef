import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/** Untagged FE and CCF: annex 1 R/S and annex 2 U/V are inferred by default, blank with `income: blank`. */
let t: TestApp;
let issuer: Issuer;
let period: string;
const ids: string[] = [];

const get = (path: string) => request(t.url, 'GET', path, { key: t.account.testKey });
const post = (path: string, body?: unknown) => request(t.url, 'POST', path, { key: t.account.testKey, body });
const reportsPath = () => `/v1/emitters/${issuer.emitterId}/fiscal/reports`;

async function ready(type: string, params?: Record<string, unknown>) {
  const q = await post(reportsPath(), { type, period, ...(params ? { params } : {}) });
  expect([200, 202]).toContain(q.status);
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await get(`${reportsPath()}/${q.body.id}`);
    if (r.body.status === 'ready' || r.body.status === 'failed') {
      const rows = await get(`${reportsPath()}/${q.body.id}/rows?limit=100`);
      return { report: r.body, cells: (rows.body.data as { cells: string[] }[]).map((x) => x.cells) };
    }
    if (Date.now() > until) throw new Error('tiempo agotado esperando el reporte');
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  for (const body of [ccfBody(issuer), feBody(issuer)]) {
    const d = await post('/v1/documents', body);
    expect(d.body.status).toBe('processed');
    ids.push(d.body.id);
  }
  const json = await get(`/v1/documents/${ids[0]}/json`);
  period = String(json.body.identificacion.fecEmi).slice(0, 7);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('income codes of untagged documents', () => {
  it('the catalog documents the income param of annexes 1 and 2', async () => {
    const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/report-types`);
    for (const type of ['f07_anexo1', 'f07_anexo2']) {
      const info = r.body.data.find((x: { type: string }) => x.type === type);
      expect(info.params_schema.properties.income).toMatchObject({ enum: ['infer', 'blank'], default: 'infer', description: expect.stringContaining('PATCH /v1/documents/{id}/fiscal') });
    }
  });

  it('annex 1 (default): the CCF gets R/S 1/3 (taxed goods) and an inferred_income_codes warning', async () => {
    const { report, cells } = await ready('f07_anexo1');
    expect(report.status).toBe('ready');
    expect(cells.map((c) => c.slice(17, 20))).toEqual([['1', '3', '1']]);
    expect(report.warnings).toEqual([expect.objectContaining({
      code: 'inferred_income_codes', document_id: ids[0],
      message: expect.stringContaining(`tipo de operación 1 (Gravada) y tipo de ingreso 3 (Comerciales). Confírmelos o corríjalos etiquetando el documento con PATCH /v1/documents/${ids[0]}/fiscal.`),
    })]);
  });

  it('annex 2 (default): the FE (taxed good + exempt service) gets U/V 4/3 (mixta, comerciales)', async () => {
    const { report, cells } = await ready('f07_anexo2');
    expect(cells.map((c) => c.slice(20, 23))).toEqual([['4', '3', '2']]);
    expect(report.warnings).toEqual([expect.objectContaining({ code: 'inferred_income_codes', document_id: ids[1], message: expect.stringContaining('tipo de operación 4 (Mixta) y tipo de ingreso 3 (Comerciales)') })]);
  });

  it('income = blank: empty codes with missing_income_codes, and another input_hash', async () => {
    const inferred = await ready('f07_anexo1');
    const a1 = await ready('f07_anexo1', { income: 'blank' });
    expect(a1.cells.map((c) => c.slice(17, 19))).toEqual([['', '']]);
    expect(a1.report.warnings.map((w: { code: string }) => w.code)).toEqual(['missing_income_codes']);
    expect(a1.report.input_hash).not.toBe(inferred.report.input_hash);
    const a2 = await ready('f07_anexo2', { income: 'blank' });
    expect(a2.cells.map((c) => c.slice(20, 22))).toEqual([['', '']]);
    expect(a2.report.warnings.map((w: { code: string }) => w.code)).toEqual(['missing_income_codes']);
  });

  it('a tagged document keeps its codes, without a warning', async () => {
    const patch = await request(t.url, 'PATCH', `/v1/documents/${ids[0]}/fiscal`, { key: t.account.testKey, body: { income_codes: { operation_type: '1', income_type: '2' } } });
    expect(patch.status).toBe(200);
    const { report, cells } = await ready('f07_anexo1');
    expect(cells.map((c) => c.slice(17, 19))).toEqual([['1', '2']]);
    expect(report.warnings).toEqual([]);
  });
});
