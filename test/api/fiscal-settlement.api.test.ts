/**
 * A Comprobante de Liquidación (08) issued through REST to `processed` by the in-process MH simulator
 * feeds F-07 annex 4 (ADR 0036, amendment): one line per settled document — the CCF this emitter
 * issued with its seal and control number (one of them from the previous month, which the ledger
 * loads for the purpose), a paper FE with its number — and the CL's own
 * identifiers in J–M; exact CSV lines over REST and cells over GraphQL. An invalidated CL gives no
 * annex-4 line (it is in anulados).
 */
import { ManualClock } from '../../src/services/shared/clock';
import { compactCode as compact, controlDigits as control, fiscalReportsClient, type Json } from '../support/fiscal-reports-client';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

const ISSUED = new Date('2026-03-10T16:00:00Z'); // 10/03/2026 10:00 in El Salvador
const PERIOD = '2026-03';
const PEOPLE = {
  responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' },
  requester: { name: 'Carlos Méndez', document_type: '13', document_number: '09876543-2' },
};
const MANDANTE = ['06140911881234', 'Laboratorios del Istmo, S.A. de C.V.'];
const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let api: ReturnType<typeof fiscalReportsClient>;
const docs: Record<string, Json> = {};

const post = (path: string, body?: unknown) => api.post(path, body);

async function issue(name: string, type: string, overrides: Json = {}): Promise<Json> {
  docs[name] = await api.issue(name, type, overrides);
  return docs[name];
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' }, { clock });
  clock.set(new Date(Date.now() + 5_000)); // the test certificate is valid from the real "now"
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141818181818' });
  api = fiscalReportsClient(t, () => issuer.emitterId, PERIOD);
  clock.set(new Date('2026-02-20T16:00:00Z'));
  const ccfFeb = await issue('ccfFeb', '03');
  clock.set(ISSUED);
  const ccf = await issue('ccf', '03');
  await issue('cl', '08', {
    settled_documents: [
      { related_document: { type: '03', generation_code: ccf.generation_code, issued_on: '2026-03-10' }, gravada: '400.00', perception: '4.00' },
      { related_document: { type: '01', generation_code: '0150', issued_on: '2026-03-06' }, gravada: '200.00', exenta: '50.00' },
      { related_document: { type: '03', generation_code: ccfFeb.generation_code, issued_on: '2026-02-20' }, gravada: '10.00' },
    ],
  });
  const voided = await issue('clVoided', '08', {
    settled_documents: [{ related_document: { type: '03', generation_code: ccf.generation_code, issued_on: '2026-03-10' }, gravada: '100.00' }],
  });
  clock.set(new Date(ISSUED.getTime() + 3_600_000));
  const inv = await post(`/v1/documents/${voided.id}/invalidate`, { reason_type: '2', ...PEOPLE });
  expect(inv.status).toBeLessThan(300);
  await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${voided.id}`, { key: t.account.testKey })).body.status === 'voided', 30_000);
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

describe('issued CL in F-07 annex 4', () => {
  const expected = () => {
    const { ccf, ccfFeb, cl } = docs;
    for (const d of [ccf, ccfFeb, cl]) expect(d.reception_stamp).toHaveLength(40);
    const clIds = [cl.reception_stamp, control(cl), compact(cl.generation_code), '10/03/2026'];
    return [
      // the CCF this emitter issued: its seal and control number in E/F; 400.00 without IVA, 13 % = 52.00
      [...MANDANTE, '10/03/2026', '03', ccf.reception_stamp, control(ccf), compact(ccf.generation_code), '400.00', '52.00', ...clIds, '', '4'],
      // a paper FE: no series or resolution in the CL; the 50.00 exempt is not a taxed sale
      [...MANDANTE, '06/03/2026', '01', '', '', '0150', '200.00', '26.00', ...clIds, '', '4'],
      // the February CCF: not in the March ledger by its date, loaded because the CL names it
      [...MANDANTE, '20/02/2026', '03', ccfFeb.reception_stamp, control(ccfFeb), compact(ccfFeb.generation_code), '10.00', '1.30', ...clIds, '', '4'],
    ];
  };

  it('REST: one CSV line per settled document; the invalidated CL has none', async () => {
    expect(await restCsv('f07_anexo4')).toEqual(expected().map((r) => r.join(';')));
  });

  it('GraphQL: the same cells, with the warnings for the exempt part, the paper document and the February date', async () => {
    const r = await gqlRows('f07_anexo4');
    expect(r.rows).toEqual(expected());
    expect(r.warnings).toEqual(['settlement_not_reported', 'settled_document_not_found', 'issue_date_outside_period']);
  });

  it('REST anulados: the invalidated CL with type 08', async () => {
    const v = docs.clVoided;
    expect(await restCsv('f07_anulados')).toEqual([`${control(v)};4;0;0;08;D;${v.reception_stamp};0;0;${String(v.generation_code).toUpperCase()}`]);
  });

  it('the report-types catalog lists annex 4 with its voids param', async () => {
    const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/report-types`, { key: t.account.testKey });
    expect(r.body.data.find((x: Json) => x.type === 'f07_anexo4')).toMatchObject({
      name: 'F-07 Anexo 4 — Ventas gravadas por cuenta de terceros domiciliados', formats: ['csv'], kind: 'annex', rules_version: 'f07-v14/f07_anexo4@2026.4',
      params_schema: { properties: { voids: { default: 'void_date' } } },
    });
  });
});
