import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import { localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { mhCertificate } from '../support/certificates';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { CERT_PASSWORD, createIssuer, MH_PASSWORD, uploadCredentials, type Issuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let sim: MhSimulator;
let t: TestApp;
let a: Issuer;

const HEADERS = [
  'Tipo', 'Número de control', 'Código de generación', 'Sello de recepción', 'Fecha de emisión', 'Emisor', 'Receptor',
  'Documento del receptor', 'Subtotal', 'IVA', 'Total', 'Estado', 'Id externo', 'Id',
];

beforeAll(async () => {
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')), allowProduction: true });
  const simUrl = await sim.listen(0);
  t = await startTestApp({ MH_SIMULATOR_URL: simUrl, MH_SIMULATOR_ALLOW_PRODUCTION: 'true' });
  a = await createIssuer(t.url, t.account.testKey, { nit: '06141010101010' });
  const live = await uploadCredentials(t.url, t.account.liveKey, a.emitterId, {
    environment: '01', certificate: mhCertificate(a.nit, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: a.nit, mh_password: MH_PASSWORD,
  });
  expect(live.status).toBe(200);
  const bodies = [
    ccfBody(a, { external_id: 'EXP-1' }),
    feBody(a, { external_id: 'EXP-2', receiver: { name: 'María Fernanda Quintanilla', document_type: '13', document_number: '04567890-1' } }),
    ccfBody(a, { external_id: 'EXP-3' }),
    feBody(a, { external_id: 'EXP-4', receiver: { name: '=HYPERLINK("x")', document_type: '13', document_number: '01234567-8' } }),
  ];
  for (const body of bodies) {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
    expect(r.status).toBe(201);
  }
  // One production document: the test key's export never shows it.
  const prod = await request(t.url, 'POST', '/v1/documents', { key: t.account.liveKey, body: feBody(a, { external_id: 'EXP-PROD' }) });
  expect(prod.status).toBe(201);
}, 120_000);
afterAll(async () => {
  await t.stop();
  await sim.close();
});

async function fetchExport(qs: string, key = t.account.testKey): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${t.url}/v1/documents/export${qs}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 with `;`: quoted cells may hold `;`, `""` and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

const listed = async (qs: string, key = t.account.testKey) => {
  const r = await request(t.url, 'GET', `/v1/documents${qs}${qs ? '&' : '?'}limit=100`, { key });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; control_number: string; totals: { subtotal: string; iva: string; total: string } }[];
};

describe('GET /v1/documents/export', () => {
  it('CSV: BOM, CRLF, Spanish headers, one row per listed document in the list order, amounts as numbers, formulas neutralised', async () => {
    const before = localDateOf(new Date());
    const r = await fetchExport('?format=csv');
    const after = localDateOf(new Date());
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const name = /^attachment; filename="documentos-(\d{8})\.csv"$/.exec(r.headers.get('content-disposition') ?? '');
    expect([before, after].map((d) => d.replace(/-/g, ''))).toContain(name?.[1]);
    expect(r.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = r.bytes.subarray(3).toString('utf8');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(HEADERS);
    const list = await listed('');
    expect(rows.map((c) => c[13])).toEqual(list.map((d) => d.id));
    expect(rows.map((c) => c[1])).toEqual(list.map((d) => d.control_number));
    for (const [i, c] of rows.entries()) {
      expect([c[8], c[9], c[10]]).toEqual([list[i].totals.subtotal, list[i].totals.iva, list[i].totals.total]);
      for (const amount of [c[8], c[9], c[10]]) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
    }
    const hyperlink = rows.find((c) => c[12] === 'EXP-4')!;
    expect(hyperlink[6]).toBe(`'=HYPERLINK("x")`);
    expect(rows.find((c) => c[12] === 'EXP-2')![6]).toBe('María Fernanda Quintanilla');
    expect(rows.find((c) => c[12] === 'EXP-1')![0]).toBe('03 Comprobante de crédito fiscal');
    expect(rows.every((c) => c[11] === 'Procesado')).toBe(true);
    // Only the key's environment: the production document is not there.
    expect(rows.map((c) => c[12]).sort()).toEqual(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4']);
  });

  it('the list filters apply (type, q, emitter), and the live key sees only production', async () => {
    const ccf = parseCsv((await fetchExport('?type=03')).bytes.subarray(3).toString('utf8')).slice(1);
    expect(ccf.map((c) => c[13])).toEqual((await listed('?type=03')).map((d) => d.id));
    expect(ccf.map((c) => c[12])).toEqual(['EXP-3', 'EXP-1']);
    const q = parseCsv((await fetchExport('?q=quintanilla')).bytes.subarray(3).toString('utf8')).slice(1);
    expect(q.map((c) => c[12])).toEqual(['EXP-2']);
    const none = parseCsv((await fetchExport('?issued_to=2020-01-01')).bytes.subarray(3).toString('utf8'));
    expect(none).toEqual([HEADERS]);
    const live = parseCsv((await fetchExport('', t.account.liveKey)).bytes.subarray(3).toString('utf8')).slice(1);
    expect(live.map((c) => c[12])).toEqual(['EXP-PROD']);
    expect(live.map((c) => c[13])).toEqual((await listed('', t.account.liveKey)).map((d) => d.id));
  });

  it('XLSX: a workbook with the header and one row per document, amounts as numeric cells', async () => {
    const r = await fetchExport('?format=xlsx&type=01');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="documentos-\d{8}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Documentos')!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(3);
    const list = await listed('?type=01');
    expect([2, 3].map((n) => values(n)[13])).toEqual(list.map((d) => d.id));
    expect(values(2)[10]).toBe(Number(list[0].totals.total));
    expect(typeof values(2)[8]).toBe('number');
    // A workbook's text cell is never a formula: the receiver's name stays as it was issued.
    expect(values(2)[6]).toBe('=HYPERLINK("x")');
  });

  it('an unknown format is a 422 in Spanish naming format, and a bad filter a 400; nothing changes', async () => {
    const rowsBefore = await dbRows(t.db.url, 'select id, status from documents order by id');
    const bad = await request(t.url, 'GET', '/v1/documents/export?format=pdf', { key: t.account.testKey });
    expectProblem(bad, 422, 'validation_failed');
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'format', message: 'El formato de la exportación es csv o xlsx.' })]);
    const type = await request(t.url, 'GET', '/v1/documents/export?type=99', { key: t.account.testKey });
    expect(type.status).toBe(400);
    const other = await request(t.url, 'GET', '/v1/documents/export?environment=01', { key: t.account.testKey });
    expectProblem(other, 403, 'environment_forbidden');
    expect(await dbRows(t.db.url, 'select id, status from documents order by id')).toEqual(rowsBefore);
  });
});
