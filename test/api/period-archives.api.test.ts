/**
 * The period archive (ADR 0072) through REST and GraphQL against the in-process MH simulator: a month
 * with an invalidated document and a return is archived, the ZIP downloaded by its signed link and
 * opened with JSZip; each document's JWS is verified with the emitter's public key by `jose` (not the
 * service's verifier) and its payload compared with the `.json` beside it; `indice.csv` is compared
 * with the document list; the events and books are there; `archive.ready` is delivered. Refusals
 * change nothing; a second run of the job keeps the archive as it is.
 */
import { createHash, createPublicKey } from 'node:crypto';
import { compactVerify } from 'jose';
import JSZip from 'jszip';
import { ARCHIVE_INDEX_HEADERS } from '../../src/domain/archive/period-archive-index';
import { localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { generateTestCertificate } from '../../src/integrations/certificates/generate-test-certificate';
import { ManualClock } from '../../src/services/shared/clock';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { dbRows as queryRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { CERT_PASSWORD, MH_PASSWORD, uploadCredentials, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const clock = new ManualClock(new Date());
const PEOPLE = {
  responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' },
  requester: { name: 'Carlos Méndez', document_type: '13', document_number: '09876543-2' },
};

let t: TestApp;
let issuer: Issuer;
let receiver: Receiver;
let spkiDer: Buffer;
let period: string;
const ids: { fe: string; voided: string; returnId: string } = { fe: '', voided: '', returnId: '' };

const get = (path: string, key = t.account.testKey) => request(t.url, 'GET', path, { key });
const post = (path: string, body?: unknown, key = t.account.testKey) => request(t.url, 'POST', path, { key, body });
const dbRows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => queryRows<T>(t.db.url, text, params);
const archivesPath = () => `/v1/emitters/${issuer.emitterId}/archives`;
const archiveCount = async () => Number((await dbRows<{ n: string }>('select count(*) as n from period_archives'))[0]!.n);

/** The cells of one CSV line (RFC 4180 quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

async function readyArchive(id: string): Promise<Record<string, any>> {
  const r = await waitFor(async () => {
    const a = await get(`${archivesPath()}/${id}`);
    return a.body.status === 'ready' || a.body.status === 'failed' ? a : null;
  }, 60_000);
  return r.body;
}

async function download(id: string): Promise<{ zip: Buffer; headers: Headers }> {
  const dl = await fetch(`${t.url}${archivesPath()}/${id}/download`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
  expect(dl.status).toBe(302);
  const file = await fetch(dl.headers.get('location')!); // no API key
  expect(file.status).toBe(200);
  return { zip: Buffer.from(await file.arrayBuffer()), headers: file.headers };
}

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', SYNC_WAIT_MS: '8000' }, { clock });
  receiver = await startReceiver();
  expect((await post('/v1/webhook-endpoints', { url: receiver.url, events: ['archive.ready'] })).status).toBe(201);
  const nit = '06141212121212';
  const e = await post('/v1/emitters', emitterBody({ nit }));
  expect(e.status).toBe(201);
  issuer = { emitterId: e.body.id, nit, establishment: 'M001', pointOfSale: 'P001' };
  expect((await post(`/v1/emitters/${issuer.emitterId}/establishments`, establishmentBody())).status).toBe(201);
  const cert = generateTestCertificate({ nit, password: CERT_PASSWORD, validDays: 366, now: new Date(clock.now().getTime() - 86_400_000) });
  spkiDer = cert.publicKeySpkiDer;
  const c = await uploadCredentials(t.url, t.account.testKey, issuer.emitterId, {
    environment: '00', certificate: Buffer.from(cert.xml, 'utf8'), private_key_password: CERT_PASSWORD, mh_user: nit, mh_password: MH_PASSWORD,
  });
  expect(c.status).toBe(200);

  const fe = await post('/v1/documents', feBody(issuer));
  expect(fe.body.status).toBe('processed');
  ids.fe = fe.body.id;
  expect((await post('/v1/documents', ccfBody(issuer))).body.status).toBe('processed');
  const toVoid = await post('/v1/documents', feBody(issuer));
  ids.voided = toVoid.body.id;
  const inv = await post(`/v1/documents/${ids.voided}/invalidate`, { reason_type: '2', ...PEOPLE });
  expect(inv.status).toBe(200);
  const ret = await post(`/v1/documents/${ids.fe}/returns`, { lines: [{ num_item: 1, quantity: '1' }] });
  expect(ret.body.status).toBe('sealed');
  ids.returnId = ret.body.id;
  period = localDateOf(clock.now()).slice(0, 7);
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await t?.stop();
});

describe('period archives', () => {
  let archiveId = '';

  it('202 queued → ready; the ZIP holds every document verified with the certificate, the events, the books and an index equal to the list', async () => {
    const q = await post(archivesPath(), { period });
    expect(q.status).toBe(202);
    expect(q.body).toMatchObject({ object: 'period_archive', status: 'queued', period, emitter_id: issuer.emitterId, environment: '00', documents_done: 0 });
    expect(q.body.id).toMatch(/^arc_/);
    archiveId = q.body.id;

    const ready = await readyArchive(archiveId);
    expect(ready).toMatchObject({ status: 'ready', documents_total: 3, documents_done: 3, error: null });
    expect(ready.checksum).toMatch(/^[0-9a-f]{64}$/);

    const { zip, headers } = await download(archiveId);
    expect(headers.get('content-type')).toBe('application/zip');
    expect(zip.length).toBe(ready.size);
    const sha = createHash('sha256').update(zip).digest();
    expect(sha.toString('hex')).toBe(ready.checksum);
    expect(headers.get('repr-digest')).toBe(`sha-256=:${sha.toString('base64')}:`);

    const z = await JSZip.loadAsync(zip);
    const list = (await get(`/v1/documents?emitter_id=${issuer.emitterId}&limit=100`)).body.data as Record<string, any>[];
    expect(list).toHaveLength(3);
    const key = createPublicKey({ key: spkiDer, format: 'der', type: 'spki' });
    for (const d of list) {
      const base = `documentos/${d.type}/${d.generation_code}`;
      const jws = await z.file(`${base}.jws`)!.async('string');
      const json = await z.file(`${base}.json`)!.async('nodebuffer');
      const verified = await compactVerify(jws, key);
      expect(verified.protectedHeader.alg).toBe('RS512');
      expect(Buffer.from(verified.payload).equals(json)).toBe(true);
      expect(JSON.parse(json.toString('utf8')).identificacion.codigoGeneracion).toBe(d.generation_code);
      const pdf = await z.file(`${base}.pdf`)!.async('nodebuffer');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const index = await z.file('indice.csv')!.async('string');
    expect(index.startsWith('\uFEFF')).toBe(true);
    const lines = index.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(ARCHIVE_INDEX_HEADERS.join(','));
    const rows = lines.slice(1).map(csvCells);
    expect(rows.map((r) => r[1]).sort()).toEqual(list.map((d) => d.control_number).sort());
    for (const d of list) {
      const row = rows.find((r) => r[2] === d.generation_code)!;
      expect([row[0], row[3], row[9], row[10]]).toEqual([d.type, d.reception_stamp, d.totals.total, d.status]);
    }
    expect(rows.find((r) => r[2] === list.find((d) => d.id === ids.voided)!.generation_code)![10]).toBe('voided');

    const names = Object.keys(z.files);
    expect(names.filter((n) => n.startsWith('eventos/invalidacion/'))).toHaveLength(1);
    expect(names).toContain(`eventos/devolucion/${ids.returnId}.json`);
    const returned = JSON.parse(await z.file(`eventos/devolucion/${ids.returnId}.json`)!.async('string'));
    expect(returned).toMatchObject({ id: ids.returnId, kind: 'return', status: 'sealed', document_id: ids.fe });
    expect(names).toEqual(expect.arrayContaining([`libros/libro_ventas_consumidor_${period}.csv`, `libros/libro_ventas_contribuyentes_${period}.csv`, `libros/libro_compras_${period}.csv`]));

    await receiver.waitFor((got) => got.some((g) => JSON.parse(g.body).type === 'archive.ready'), 15_000, 'archive.ready');
    const hook = JSON.parse(receiver.received.find((g) => JSON.parse(g.body).type === 'archive.ready')!.body);
    expect(hook.data).toMatchObject({ id: archiveId, object: 'period_archive', status: 'ready', period, documents_total: 3, checksum: ready.checksum });
  }, 90_000);

  it('a second run of the job keeps the ready archive as it is', async () => {
    const before = await dbRows<{ n: string }>('select count(*) as n from period_archive_chunks where archive_id = $1', [archiveId]);
    expect(await t.app.services.generatePeriodArchive.execute(archiveId)).toEqual({ status: 'ready' });
    const after = await dbRows<{ n: string }>('select count(*) as n from period_archive_chunks where archive_id = $1', [archiveId]);
    expect(after).toEqual(before);
    expect((await get(`${archivesPath()}/${archiveId}`)).body.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists the emitter’s archives newest first and reads one; GraphQL creates and reads the same resource with a download link', async () => {
    const listed = await get(archivesPath());
    expect(listed.body).toMatchObject({ object: 'list', data: [expect.objectContaining({ id: archiveId })], has_more: false });
    clock.advance(1_000); // ids sort by their time: the second archive is a second newer
    const created = await graphql(t.url, t.account.testKey, `mutation($input: CreatePeriodArchiveInput!) { createPeriodArchive(input: $input) { periodArchive { id status period } errors { code } } }`, {
      input: { emitterId: issuer.emitterId, period },
    });
    const made = created.body.data.createPeriodArchive;
    expect(made.errors).toEqual([]);
    expect(made.periodArchive).toMatchObject({ status: 'QUEUED', period });
    await readyArchive(made.periodArchive.id);
    const read = await graphql(t.url, t.account.testKey, `query($e: ID!, $id: ID!) { periodArchive(emitterId: $e, id: $id) { id status documentsTotal documentsDone checksum downloadUrl } periodArchives(emitterId: $e, first: 1) { edges { node { id } } } }`, {
      e: issuer.emitterId, id: made.periodArchive.id,
    });
    expect(read.body.data.periodArchive).toMatchObject({ status: 'READY', documentsTotal: 3, documentsDone: 3 });
    expect(read.body.data.periodArchives.edges[0].node.id).toBe(made.periodArchive.id);
    const file = await fetch(read.body.data.periodArchive.downloadUrl);
    expect(file.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')).toBe(read.body.data.periodArchive.checksum);
  }, 90_000);

  it('refuses a malformed or future period and another account’s emitter, creating nothing', async () => {
    const before = await archiveCount();
    const bad = await post(archivesPath(), { period: '2026-13' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'period', code: 'invalid_format' })]);
    const [y, m] = period.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const future = await post(archivesPath(), { period: next });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([expect.objectContaining({ path: 'period', code: 'invalid_value', message: expect.stringContaining('aún no empieza') })]);
    const unknown = await post(archivesPath(), { period, extra: true });
    expect(unknown.status).toBe(422);
    const other = await t.newAccount('Otra cuenta');
    const foreign = await post(archivesPath(), { period }, other.testKey);
    expect(foreign.status).toBe(404);
    expect((await get(`${archivesPath()}/${archiveId}`, other.testKey)).status).toBe(404);
    expect(await archiveCount()).toBe(before);
  });

  it('a test key sees only test archives; a live key’s list of the same emitter is empty', async () => {
    const live = await get(archivesPath(), t.account.liveKey);
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual([]);
  });

  it('a link that expired or was tampered with answers 410 problem', async () => {
    const dl = await fetch(`${t.url}${archivesPath()}/${archiveId}/download`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
    const location = dl.headers.get('location')!;
    const tampered = await fetch(`${location.slice(0, -3)}abc`);
    expect(tampered.status).toBe(410);
    clock.advance(301_000);
    const expired = await fetch(location);
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
