import { createHash } from 'node:crypto';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { dbRows as queryRows } from '../support/db-rows';
import { waitFor as waitUntil } from '../support/mh-control';

let t: TestApp;
let issuer: Issuer;
let period: string;
const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => waitUntil(fn, timeoutMs);

const dbRows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => queryRows<T>(t.db.url, text, params);
const docs: { id: string; type: string }[] = [];
const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Luis Díaz', document_type: '13', document_number: '07654321-0' } };

const get = (path: string, key = t.account.testKey) => request(t.url, 'GET', path, { key });
const post = (path: string, body?: unknown, key = t.account.testKey) => request(t.url, 'POST', path, { key, body });

const reportsPath = () => `/v1/emitters/${issuer.emitterId}/fiscal/reports`;
async function readyReport(id: string) {
  return waitFor(async () => {
    const r = await get(`${reportsPath()}/${id}`);
    return r.body.status === 'ready' || r.body.status === 'failed' ? r : null;
  });
}

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  for (const body of [ccfBody(issuer), ccfBody(issuer), feBody(issuer)]) {
    const d = await post('/v1/documents', body);
    expect(d.body.status).toBe('processed');
    docs.push({ id: d.body.id, type: d.body.type });
  }
  const json = await get(`/v1/documents/${docs[0].id}/json`);
  period = String(json.body.identificacion.fecEmi).slice(0, 7);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('fiscal reports', () => {
  it('lists the report types with formats and params schema', async () => {
    const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/report-types`);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(15);
    expect(r.body.data.find((x: { type: string }) => x.type === 'libro_compras')).toMatchObject({ formats: ['csv', 'xlsx', 'pdf'], params_schema: expect.any(Object) });
    expect(r.body.data.find((x: { type: string }) => x.type === 'f07_anexo1')).toMatchObject({ formats: ['csv'] });
  });

  it('annex 1: 202 queued → ready with totals of the CCFs, rows, CSV in MH format; same request again → 200 same input_hash', async () => {
    const q = await post(reportsPath(), { type: 'f07_anexo1', period });
    expect(q.status).toBe(202);
    expect(q.body).toMatchObject({ object: 'fiscal_report', status: 'queued', type: 'f07_anexo1', period, period_status: 'open', drift: false });
    expect(q.body.id).toMatch(/^frp_/);
    const r = await readyReport(q.body.id);
    expect(r.body).toMatchObject({ status: 'ready', row_count: 2, rules_version: expect.stringMatching(/^f07-v14\/f07_anexo1@/) });
    expect(r.body.input_hash).toMatch(/^[0-9a-f]{64}$/);
    // Two CCFs of 2000.00 + 260.00 IVA each.
    expect(Object.values(r.body.totals)).toEqual(expect.arrayContaining(['4000.00', '520.00']));
    expect(r.body.warnings).toEqual(expect.any(Array));

    const rows = await get(`${reportsPath()}/${q.body.id}/rows?limit=1`);
    expect(rows.status).toBe(200);
    expect(rows.body.columns.length).toBe(20);
    expect(rows.body.data).toHaveLength(1);
    expect(rows.body.has_more).toBe(true);
    const next = await get(`${reportsPath()}/${q.body.id}/rows?limit=10&starting_after=${rows.body.data[0].n}`);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.has_more).toBe(false);

    const dl = await fetch(`${t.url}${reportsPath()}/${q.body.id}/download?format=csv`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
    expect(dl.status).toBe(302);
    const location = dl.headers.get('location')!;
    expect(location).toMatch(/\/v1\/files\//);
    const file = await fetch(location); // no API key
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="F07_ANEXO1_${period.replace('-', '')}.CSV"`);
    const csv = await file.text();
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2); // no header
    for (const line of lines) {
      const cells = line.split(';');
      expect(cells).toHaveLength(20);
      expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cells[19]).toBe('1');
    }
    expect(csv.endsWith('\r\n')).toBe(true);

    const again = await post(reportsPath(), { type: 'f07_anexo1', period });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: q.body.id, input_hash: r.body.input_hash });
    const other = await post(reportsPath(), { type: 'f07_anexo1', period, params: { total: 'with_debits' } });
    expect(other.status).toBe(202);
    expect(other.body.input_hash).not.toBe(r.body.input_hash);
    const events = await dbRows("select type from outbox_events where subject_id = $1", [q.body.id]);
    expect(events).toEqual([{ type: 'fiscal.report.ready' }]);
  });

  it('annex 2 groups the FE per day; the book has CSV, XLSX and PDF', async () => {
    const a2 = await post(reportsPath(), { type: 'f07_anexo2', period });
    const r = await readyReport(a2.body.id);
    expect(r.body.row_count).toBe(1);
    const rows = await get(`${reportsPath()}/${a2.body.id}/rows`);
    expect(rows.body.data[0].cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const book = await post(reportsPath(), { type: 'libro_ventas_contribuyentes', period });
    await readyReport(book.body.id);
    for (const [format, type, magic] of [['xlsx', 'spreadsheetml', 'PK'], ['pdf', 'application/pdf', '%PDF']] as const) {
      const dl = await fetch(`${t.url}${reportsPath()}/${book.body.id}/download?format=${format}`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
      const file = await fetch(dl.headers.get('location')!);
      expect(file.headers.get('content-type')).toContain(type);
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
    const annexPdf = await get(`${reportsPath()}/${a2.body.id}/download?format=pdf`);
    expect(annexPdf.status).toBe(422);
  });

  it('signed links: tampered or expired → 410 problem+json', async () => {
    const q = await post(reportsPath(), { type: 'f07_anexo1', period });
    const files = t.app.services.fiscalReportFiles;
    const good = files.linkTo(q.body.id, 'csv').url;
    const token = good.split('/v1/files/')[1];
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: 4102444800 })).toString('base64url');
    const tampered = await fetch(`${t.url}/v1/files/${forged}.${mac}`);
    expect(tampered.status).toBe(410);
    expect(tampered.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await tampered.json()) as { type: string }).type).toMatch(/\/problems\/link_expired$/);
    const expired = files.signer.sign({ r: q.body.id, f: 'csv' }, new Date(Date.now() - 1000));
    const e = await fetch(`${t.url}/v1/files/${expired}`);
    expect(e.status).toBe(410);
    expect(((await e.json()) as { detail: string }).detail).toMatch(/venció/);
  });
});

describe('fiscal periods', () => {
  it('close → closed with a snapshot of every report and fiscal.period.closed; a request then answers the snapshot', async () => {
    const list = await get(`/v1/emitters/${issuer.emitterId}/fiscal/periods`);
    expect(list.body.data).toEqual([{ object: 'period', emitter_id: issuer.emitterId, period, status: 'open', version: 1, closed_at: null, drift: false }]);
    const c = await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${period}/close`);
    expect(c.status).toBe(202);
    expect(c.body).toMatchObject({ period, status: 'closing', version: 1 });
    const closed = await waitFor(async () => {
      const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/periods`);
      return r.body.data[0].status === 'closed' ? r.body.data[0] : null;
    }, 60_000);
    expect(closed).toMatchObject({ version: 1, drift: false, closed_at: expect.any(String) });
    const snaps = await dbRows<{ type: string; content_hash: string; report_id: string }>('select type, content_hash, report_id from fiscal_period_snapshots where emitter_id = $1 and version = 1', [issuer.emitterId]);
    expect(snaps).toHaveLength(15);
    for (const s of snaps) expect(s.content_hash).toMatch(/^[0-9a-f]{64}$/);
    const ev = await dbRows<{ data: { version: number; snapshots: unknown[] } }>("select data from outbox_events where type = 'fiscal.period.closed' and subject_id = $1", [issuer.emitterId]);
    expect(ev).toHaveLength(1);
    expect(ev[0].data).toMatchObject({ period, version: 1, status: 'closed' });
    expect(ev[0].data.snapshots).toHaveLength(15);
    // Each snapshot lists its files' SHA-256; content_hash is the SHA-256 of "format:sha256" lines; a download proves both.
    type Snap = { type: string; report_id: string; content_hash: string; files: { format: string; sha256: string }[] };
    const a1 = (ev[0].data.snapshots as Snap[]).find((s) => s.type === 'f07_anexo1')!;
    expect(a1.files).toEqual([{ format: 'csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(a1.content_hash).toBe(createHash('sha256').update(`csv:${a1.files[0].sha256}`).digest('hex'));
    expect((ev[0].data.snapshots as Snap[]).find((s) => s.type === 'libro_compras')!.files.map((f) => f.format)).toEqual(['csv', 'pdf', 'xlsx']);
    const link = await fetch(`${t.url}${reportsPath()}/${a1.report_id}/download?format=csv`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
    const file = await fetch(link.headers.get('location')!);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(a1.files[0].sha256);
    expect(file.headers.get('repr-digest')).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`);
    const again = await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${period}/close`);
    expect(again.status).toBe(409);
    const r = await post(reportsPath(), { type: 'f07_anexo1', period });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: snaps.find((s) => s.type === 'f07_anexo1')!.report_id, period_status: 'closed' });
  }, 90_000);

  it('invalidating a document of the closed period → drift on the period and its snapshot reports, fiscal.period.drift_detected', async () => {
    const v = await post(`/v1/documents/${docs[0].id}/invalidate`, { reason_type: '2', ...people });
    expect(v.status).toBe(200);
    const p = await waitFor(async () => {
      const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/periods`);
      return r.body.data[0].drift ? r.body.data[0] : null;
    });
    expect(p).toMatchObject({ status: 'closed', drift: true, version: 1 });
    const ev = await dbRows<{ data: Record<string, unknown> }>("select data from outbox_events where type = 'fiscal.period.drift_detected' and subject_id = $1", [issuer.emitterId]);
    expect(ev.length).toBeGreaterThanOrEqual(1);
    expect(ev[0].data).toMatchObject({ period, drift: true, change: expect.objectContaining({ kind: 'document.voided', subject_id: docs[0].id }) });
    const snap = await post(reportsPath(), { type: 'f07_anexo1', period });
    expect(snap.body.drift).toBe(true);
  });

  it('reopen needs fiscal:close (403), then opens version 2; earlier snapshots stay downloadable', async () => {
    const denied = await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${period}/reopen`, { reason: 'Corrección de compras' });
    expect(denied.status).toBe(403);
    expect(denied.body.type).toMatch(/insufficient_scope$/);
    const key = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['fiscal:read', 'fiscal:write', 'fiscal:close'] });
    const noReason = await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${period}/reopen`, {}, key.key);
    expect(noReason.status).toBe(422);
    const ok = await post(`/v1/emitters/${issuer.emitterId}/fiscal/periods/${period}/reopen`, { reason: 'Corrección de compras' }, key.key);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ period, status: 'open', version: 2, drift: false });
    const snap = (await dbRows<{ report_id: string }>("select report_id from fiscal_period_snapshots where emitter_id = $1 and version = 1 and type = 'libro_compras'", [issuer.emitterId]))[0];
    const dl = await fetch(`${t.url}${reportsPath()}/${snap.report_id}/download?format=xlsx`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
    expect(dl.status).toBe(302);
    expect((await fetch(dl.headers.get('location')!)).status).toBe(200);
    const fresh = await post(reportsPath(), { type: 'f07_anexo1', period });
    expect(fresh.status).toBe(202);
  });
});
