/**
 * The detalle de exportaciones (RCT 84, ADR 0036 second amendment): three FEX issued through REST to
 * `processed` by the in-process MH simulator — one naming its DUCA in `associated_documents`, one
 * naming none, one invalidated in the same month — give one line per valid FEX in issue order, exact
 * CSV lines (BOM, header, Totales) over REST, the same cells and the missing-declaration warning over
 * GraphQL, and an XLSX and a PDF file.
 */
import { ManualClock } from '../../src/services/shared/clock';
import { compactCode as compact, fiscalReportsClient, type Json } from '../support/fiscal-reports-client';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

const PERIOD = '2026-03';
const PEOPLE = {
  responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' },
  requester: { name: 'Carlos Méndez', document_type: '13', document_number: '09876543-2' },
};
const TRANSPORT = { code: '4', transport: { mode: '1', vehicle_id: 'C-123456', driver_document: '01234567-8', driver_name: 'Juan Pérez' } };
const DUCA = { code: '1', identification: '4-2026-000123', description: 'Declaración de mercancías (DUCA-F)' };
const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let api: ReturnType<typeof fiscalReportsClient>;
const docs: Record<string, Json> = {};

const post = (path: string, body?: unknown) => api.post(path, body);

async function issue(name: string, overrides: Json = {}): Promise<Json> {
  docs[name] = await api.issue(name, '11', overrides);
  return docs[name];
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' }, { clock });
  clock.set(new Date(Date.now() + 5_000)); // the test certificate is valid from the real "now"
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141919191919' });
  api = fiscalReportsClient(t, () => issuer.emitterId, PERIOD);
  clock.set(new Date('2026-03-12T16:00:00Z')); // 12/03/2026 10:00 in El Salvador
  await issue('later', { associated_documents: [TRANSPORT] });
  clock.set(new Date('2026-03-10T16:00:00Z'));
  await issue('withDuca', { associated_documents: [DUCA, TRANSPORT] });
  clock.set(new Date('2026-03-11T16:00:00Z'));
  const voided = await issue('voided', { associated_documents: [DUCA, TRANSPORT] });
  clock.set(new Date('2026-03-11T17:00:00Z'));
  const inv = await post(`/v1/documents/${voided.id}/invalidate`, { reason_type: '2', ...PEOPLE });
  expect(inv.status).toBeLessThan(300);
  await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${voided.id}`, { key: t.account.testKey })).body.status === 'voided', 30_000);
}, 120_000);
afterAll(async () => {
  await t.stop();
});

// The example FEX: 100 × 245.50 + 40 × 18.75 − 30.00 = 25,270.00 taxed; freight 350 and insurance 120 are not export value.
const expected = () => [
  ['1', '10/03/2026', compact(docs.withDuca.generation_code), 'Importadora del Pacífico, S.A.', '4-2026-000123', '25270.00'],
  ['2', '12/03/2026', compact(docs.later.generation_code), 'Importadora del Pacífico, S.A.', '', '25270.00'],
];

describe('detalle de exportaciones from issued FEX', () => {
  it('REST: exact CSV lines (the invalidated FEX left out), an XLSX and a PDF', async () => {
    const { id } = await api.readyRest('detalle_exportaciones', { rules_version: 'rct-83-86/detalle_exportaciones@2026.4', totals: { export_value: '50540.00' } });
    expect(await api.csvLines(id)).toEqual([
      '\uFEFFN°;Fecha de la factura;Número de la factura (código de generación);Nombre del cliente del exterior;Número de declaración de mercancías / formulario aduanero;Valor de las exportaciones',
      ...expected().map((r) => r.join(';')),
      'Totales;;;;;50540.00',
    ]);
    expect((await api.download(id, 'pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await api.download(id, 'xlsx')).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('GraphQL: the same cells, the missing declaration of the FEX that names none, and the catalog entry', async () => {
    const report = await api.gqlRows('detalle_exportaciones');
    expect(report.warnings).toEqual([{ code: 'missing_customs_declaration', documentId: docs.later.id }]);
    expect(report.rows).toEqual(expected());
    const types = await api.gql('query($e: ID!) { fiscalReportTypes(emitterId: $e) { type kind formats } }', { e: issuer.emitterId });
    expect(types.body.data.fiscalReportTypes.find((x: Json) => x.type === 'detalle_exportaciones')).toEqual({ type: 'detalle_exportaciones', kind: 'BOOK', formats: ['CSV', 'XLSX', 'PDF'] });
  });
});
