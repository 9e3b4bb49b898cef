import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { IssuanceLoad } from '../support/issuance-load';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startAutoFailoverCluster, type AutoFailoverCluster } from '../support/pg-auto-failover';
import { TEST_MASTER_KEY } from '../support/test-app';
import { killGroup, runCli, startService, type Started } from './process-helpers';

jest.setTimeout(420_000);

/**
 * PostgreSQL HA as docs/deploy.md sets it up (pg_auto_failover: monitor, primary, synchronous
 * secondary), the service on its multi-host DATABASE_URL, sync and async issuance at concurrency 8,
 * and the primary's machine lost (its keeper and postmaster killed with SIGKILL) mid-load.
 */
describe('PostgreSQL failover under load', () => {
  let cluster: AutoFailoverCluster;
  let sim: MhSimulator;
  let mh: MhControl;
  const procs: Started[] = [];
  const log: string[] = [];

  beforeAll(async () => {
    cluster = await startAutoFailoverCluster(log);
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    await sim?.close();
    await cluster?.destroy();
  });

  /** A URL of the current primary alone, for the test's own reads. */
  async function primaryUrl(): Promise<string> {
    const name = await waitFor(() => cluster.primary(), 60_000, 250);
    const node = cluster.nodes.find((n) => n.name === name)!;
    return `postgres://postgres@127.0.0.1:${node.port}/dte?sslmode=no-verify`;
  }

  it('reconnects by itself, loses no acknowledged document, seals nothing twice, keeps numbers gapless', async () => {
    const env = (role: string) => ({
      DATABASE_URL: cluster.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      ROLE: role,
      PORT: '0',
      MH_SIMULATOR_URL: mh.url,
      MH_RESEND_LIMIT: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      PROCESS_LEASE_TTL_MS: '6000',
      CONTINGENCY_RECHECK_MS: '1000',
      DATA_DIR: mkdtempSync(join(tmpdir(), `dte-${role}-`)),
    });
    const api = await startService(env('api'), 120_000, null, { detached: true });
    procs.push(api);
    const worker = await startService(env('worker'), 120_000, /Trabajador DTE listo/, { detached: true });
    procs.push(worker);
    const cli = await runCli(['accounts', 'create', '--name', 'Conmutación', '--json'], { DATABASE_URL: cluster.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const apiKey = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(api.url, apiKey, { nit: '06147171717171' });
    await mh.fault({ mode: 'latency', ms: 200, count: 100_000, paths: ['/fesv/recepciondte'] });

    const load = new IssuanceLoad({ urls: [api.url], apiKey, body: () => ccfBody(issuer), concurrency: 8, mode: 'mixed' });
    load.start();
    await waitFor(async () => load.done() >= 20, 60_000, 50);
    const old = (await cluster.primary())!;
    await cluster.kill(old);
    const killed = Date.now();
    const promoted = await waitFor(async () => {
      const p = await cluster.primary();
      return p && p !== old ? Date.now() : null;
    }, 120_000, 100);
    // The service writes again on its own: new sales are answered 2xx after the promotion.
    const afterPromotion = load.done();
    await waitFor(async () => load.done() >= afterPromotion + 10, 60_000, 50);
    const reconnectedMs = Date.now() - promoted;
    await load.stop();
    await mh.clear();
    const settleMs = await load.settle(20_000);
    const answers = load.sales.flatMap((s) => s.answers);
    process.stdout.write(
      `conmutación: primario perdido → secundario promovido en ${promoted - killed} ms; el servicio vuelve a emitir ${reconnectedMs} ms después; ` +
        `${load.sales.length} ventas, ${answers.filter((a) => a.status === 503).length} × 503, ${answers.filter((a) => a.status === 409).length} × 409; reintentos resueltos en ${settleMs} ms\n`,
    );

    expect(api.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
    expect(reconnectedMs).toBeLessThan(30_000);
    expect(load.unexpectedAnswers()).toEqual([]);
    expect(load.sales.flatMap((s) => s.transportErrors)).toEqual([]);
    expect(load.sales.filter((s) => !s.documentId)).toEqual([]);

    const url = await primaryUrl();
    const docs = await dbRows<{ id: string; generation_code: string; control_number: string }>(url, 'select id, generation_code, control_number from documents');
    // Every acknowledged document is there, once per sale (retries answered the same one).
    expect(docs).toHaveLength(load.sales.length);
    const ids = new Set(docs.map((d) => d.id));
    for (const s of load.sales) {
      expect(ids.has(s.documentId!)).toBe(true);
      expect(new Set(s.answers.map((a) => a.id).filter(Boolean)).size).toBe(1);
    }
    const correlatives = docs.map((d) => Number(d.control_number.slice(-15))).sort((a, b) => a - b);
    expect(correlatives).toEqual(Array.from({ length: docs.length }, (_, i) => i + 1));
    // Async documents reach a final state, each sealed once at MH.
    await waitFor(async () => (await dbRows<{ n: number }>(url, `select count(*)::int as n from documents where status <> 'processed'`))[0].n === 0, 120_000, 500);
    const receptions = await mh.receptions();
    for (const d of docs) expect(receptions.find((r) => r.generation_code === d.generation_code)?.sealed).toBe(1);
    // The service answers reads and readiness on the new primary.
    expect((await request(api.url, 'GET', '/readyz')).status).toBe(200);
  });
});
