import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `GET /v1/documents/{id}/pdf?layout=`: the letter PDF by default, ticket PDFs 80 / 58 mm wide,
 * raw ESC/POS bytes, and a 422 problem in Spanish for a layout the service does not draw.
 * Page sizes are read with poppler's `pdfinfo` (points; 1 mm = 72 / 25.4 pt).
 */
const MM_TO_PT = 72 / 25.4;
let t: TestApp;
let issuer: Issuer;
let doc: { id: string; control_number: string };
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140707071234' });
  const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
  expect([r.status, r.body?.status]).toEqual([201, 'processed']);
  doc = r.body;
  dir = mkdtempSync(join(tmpdir(), 'ticket-layouts-'));
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fetchLayout(layout?: string): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }> {
  const q = layout === undefined ? '' : `?layout=${encodeURIComponent(layout)}`;
  const res = await fetch(`${t.url}/v1/documents/${doc.id}/pdf${q}`, { headers: { Authorization: `Bearer ${t.account.testKey}` } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
}

let n = 0;
function pdfInfo(pdf: Buffer): { pages: number; width: number; height: number } {
  const file = join(dir, `${n++}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!size || !pages) throw new Error(`pdfinfo gave no page size:\n${info}`);
  return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
}

describe('GET /v1/documents/{id}/pdf?layout=', () => {
  it('answers the US Letter PDF by default and for layout=letter', async () => {
    for (const layout of [undefined, 'letter']) {
      const r = await fetchLayout(layout);
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/pdf');
      expect(r.disposition).toBe(`inline; filename="${doc.control_number}.pdf"`);
      expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const info = pdfInfo(r.bytes);
      expect([info.width, info.height]).toEqual([612, 792]);
    }
  });

  it.each([80, 58])('answers a single-page ticket PDF %i mm wide', async (mm) => {
    const r = await fetchLayout(`ticket-${mm}`);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = pdfInfo(r.bytes);
    expect(info.pages).toBe(1);
    expect(Math.abs(info.width - mm * MM_TO_PT)).toBeLessThan(0.5);
  });

  it.each(['escpos-80', 'escpos-58'])('answers %s as raw ESC/POS bytes starting with ESC @', async (layout) => {
    const r = await fetchLayout(layout);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/octet-stream');
    expect([...r.bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(r.bytes.includes(Buffer.from(doc.control_number, 'latin1'))).toBe(true);
  });

  // A well-formed value the service does not draw: 422 `validation_failed` naming the parameter.
  it('refuses layout=a4 with a problem in Spanish naming the parameter and changes nothing', async () => {
    const before = await request(t.url, 'GET', `/v1/documents/${doc.id}`, { key: t.account.testKey });
    expect(before.status).toBe(200);
    const r = await request(t.url, 'GET', `/v1/documents/${doc.id}/pdf?layout=a4`, { key: t.account.testKey });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.status).toBe(422);
    expect(r.body.type).toMatch(/validation_failed$/);
    expect(r.body.detail).toBe('"layout" es letter, ticket-80, ticket-58, escpos-80 o escpos-58.');
    expect(JSON.stringify(r.body)).toMatch(/layout/);
    expect(JSON.stringify(r.body)).toMatch(/ticket-80/);
    const after = await request(t.url, 'GET', `/v1/documents/${doc.id}`, { key: t.account.testKey });
    expect(after.body).toEqual(before.body);
    // The letter PDF is still served as before.
    expect((await fetchLayout()).status).toBe(200);
  });
});

describe('GraphQL Document.pdfUrl(layout:)', () => {
  const query = `query($id: ID!) { document(id: $id) {
    pdfUrl plain: pdfUrl(layout: LETTER) t80: pdfUrl(layout: TICKET_80) t58: pdfUrl(layout: TICKET_58)
    e80: pdfUrl(layout: ESCPOS_80) e58: pdfUrl(layout: ESCPOS_58) } }`;

  it('gives the same links as REST, letter by default, and each one serves its layout', async () => {
    const r = await graphql(t.url, t.account.testKey, query, { id: doc.id });
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data.document;
    const base = `${t.url}/v1/documents/${doc.id}/pdf`;
    expect(d).toEqual({ pdfUrl: base, plain: base, t80: `${base}?layout=ticket-80`, t58: `${base}?layout=ticket-58`, e80: `${base}?layout=escpos-80`, e58: `${base}?layout=escpos-58` });
    const auth = { headers: { Authorization: `Bearer ${t.account.testKey}` } };
    for (const [url, mm] of [[d.t80, 80], [d.t58, 58]] as const) {
      const res = await fetch(url, auth);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(Math.abs(pdfInfo(Buffer.from(await res.arrayBuffer())).width - mm * MM_TO_PT)).toBeLessThan(0.5);
    }
    const esc = await fetch(d.e58, auth);
    expect([esc.status, esc.headers.get('content-type')]).toEqual([200, 'application/octet-stream']);
    expect([...Buffer.from(await esc.arrayBuffer()).subarray(0, 2)]).toEqual([0x1b, 0x40]);
    const letter = await fetch(d.pdfUrl, auth);
    expect(pdfInfo(Buffer.from(await letter.arrayBuffer())).width).toBe(612);
  });

  it('refuses a layout that is not in the enum, naming the argument, and changes nothing', async () => {
    const before = await request(t.url, 'GET', `/v1/documents/${doc.id}`, { key: t.account.testKey });
    const r = await graphql(t.url, t.account.testKey, 'query($id: ID!) { document(id: $id) { pdfUrl(layout: A4) } }', { id: doc.id });
    expect(r.status).toBeLessThan(500);
    expect(r.body.data ?? null).toBeNull();
    expect(JSON.stringify(r.body.errors)).toMatch(/DocumentLayout/);
    const after = await request(t.url, 'GET', `/v1/documents/${doc.id}`, { key: t.account.testKey });
    expect(after.body).toEqual(before.body);
  });
});
