import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request, type ApiResponse } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, startSimulator, waitExit, type Started } from './process-helpers';

jest.setTimeout(420_000);

interface Sale {
  key: string;
  mode: 'sync' | 'async';
  body: Record<string, unknown>;
  /** The answer the client got before the crash, if any. */
  first: ApiResponse | null;
}

/** POST with its key again until it is no longer 409 in progress (honouring Retry-After). */
async function retryUntilResolved(url: string, apiKey: string, sale: Sale, deadline: number): Promise<ApiResponse> {
  for (;;) {
    const r = await request(url, 'POST', `/v1/documents?mode=${sale.mode}`, { key: apiKey, body: sale.body, idempotencyKey: sale.key });
    if (r.status !== 409 || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after') ?? '1') * 1000));
  }
}

/**
 * The service on PostgreSQL is killed (kill -9 of its process group) while sync issuances wait for
 * MH and async transmissions are in flight (MH's latency injected in a standalone simulator). After
 * a restart every request is retried with its Idempotency-Key: each sale exists once, is sealed
 * once, the control numbers have no gap, and every retry answers the first document within 90 s of
 * the restart.
 */
const CASES: [string, Record<string, unknown>, boolean][] = [
  // MH answers each reception after 8 s (well below MH_TIMEOUT_MS): sync requests are still waiting when
  // the kill comes, even when a loaded machine spreads the seven issuances over several seconds.
  ['MH slow to answer (latency 8 s)', { mode: 'latency', ms: 8000, count: 1000, paths: ['/fesv/recepciondte'] }, false],
  // MH seals every reception and its answer never comes back: the kill finds all seven sealed at MH
  // and unknown to the service, which must learn the seal by querying, never by sealing again.
  ['MH sealed but its answer lost', { mode: 'timeout', process: true, count: 1000, paths: ['/fesv/recepciondte'] }, true],
];

describe('kill -9 of the service during sync and async issuance, then retries with the same keys', () => {
  const dbs: TestDatabase[] = [];
  const sims: ChildProcess[] = [];
  const procs: Started[] = [];

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    for (const c of sims) c.kill('SIGKILL');
    for (const d of dbs) await d.drop();
  });

  it.each(CASES)('%s: one document per sale, sealed once, gapless numbers, retries answered with the first document', async (_label, fault, sealedBeforeKill) => {
    const db = await createTestDatabase();
    dbs.push(db);
    const sim = await startSimulator(mkdtempSync(join(tmpdir(), 'dte-sim-')));
    sims.push(sim.child);
    const mh = new MhControl(sim.url);
    const env = {
      DATABASE_URL: db.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      PORT: '0',
      MH_SIMULATOR_URL: sim.url,
      MH_TIMEOUT_MS: '30000',
      MH_RESEND_LIMIT: '0',
      SYNC_WAIT_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-idem-')),
    };
    const first = await startService(env, 120_000, null, { detached: true });
    procs.push(first);
    const cli = await runCli(['accounts', 'create', '--name', 'Caída con reintentos', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const apiKey = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(first.url, apiKey, { nit: '06141212121212' });

    await mh.fault(fault);
    const sales: Sale[] = [
      ...Array.from({ length: 3 }, (_, i): Sale => ({ key: `sync-${i}`, mode: 'sync', body: ccfBody(issuer), first: null })),
      ...Array.from({ length: 4 }, (_, i): Sale => ({ key: `async-${i}`, mode: 'async', body: ccfBody(issuer), first: null })),
    ];
    const inFlight = sales.map((s) =>
      request(first.url, 'POST', `/v1/documents?mode=${s.mode}`, { key: apiKey, body: s.body, idempotencyKey: s.key }).then(
        (r) => (s.first = r),
        () => null, // the connection dies with the process
      ),
    );
    // Every sale committed and every transmission waiting on MH (none answered yet): the sync requests are unanswered.
    await waitFor(
      async () => {
        const [c] = await dbRows<{ total: number; sending: number }>(db.url, `select count(*)::int as total, (count(*) filter (where status = 'sending'))::int as sending from documents`);
        if (c.total !== sales.length || c.sending !== sales.length) return false;
        return !sealedBeforeKill || (await mh.receptions()).filter((r) => r.sealed === 1).length === sales.length;
      },
      180_000,
      50,
    );
    killGroup(first.child);
    await waitExit(first.child);
    await Promise.all(inFlight);
    expect(sales.filter((s) => s.mode === 'sync').map((s) => s.first)).toEqual([null, null, null]);
    await mh.clear();

    const second = await startService(env, 120_000, null, { detached: true });
    procs.push(second);
    const restarted = Date.now();
    const retries = await Promise.all(sales.map((s) => retryUntilResolved(second.url, apiKey, s, restarted + 90_000)));
    const resolvedMs = Date.now() - restarted;
    const docs = await dbRows<{ id: string; external_id: string; generation_code: string; control_number: string }>(
      db.url,
      'select id, external_id, generation_code, control_number from documents order by control_number',
    );
    expect(docs).toHaveLength(sales.length);
    sales.forEach((s, i) => {
      const doc = docs.find((d) => d.external_id === s.body.external_id)!;
      expect(doc).toBeDefined();
      expect([200, 201, 202]).toContain(retries[i].status);
      expect(retries[i].body.id).toBe(doc.id);
      if (s.first) expect(s.first.body.id).toBe(doc.id);
    });
    expect(resolvedMs).toBeLessThan(90_000);
    process.stdout.write(`reintentos resueltos ${resolvedMs} ms después del reinicio\n`);

    // The transmissions the kill interrupted end sealed, each once at MH.
    await waitFor(async () => (await dbRows<{ n: number }>(db.url, `select count(*)::int as n from documents where status = 'processed'`))[0].n === sales.length, 180_000, 250);
    const receptions = await mh.receptions();
    for (const d of docs) {
      const rec = receptions.find((r) => r.generation_code === d.generation_code)!;
      expect(rec.sealed).toBe(1);
      expect(rec.received).toBeGreaterThanOrEqual(1);
      expect(rec.received).toBeLessThanOrEqual(2);
    }
    const correlatives = docs.map((d) => Number(d.control_number.slice(-15))).sort((a, b) => a - b);
    expect(correlatives).toEqual(Array.from({ length: sales.length }, (_, i) => i + 1));

    second.child.kill('SIGTERM');
    expect(await waitExit(second.child)).toBe(0);
  });
});
