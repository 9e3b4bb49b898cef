import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { guideBlock, localise } from '../support/deploy-guide';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { freePort } from '../support/scratch-postgres';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, type Started } from './process-helpers';

jest.setTimeout(240_000);

/** One series of each the guide lists, with the label that must be there. */
const SERIES = [
  'dte_mh_requests_total{operation="recepciondte",outcome="http_2xx"}',
  'dte_mh_request_duration_seconds_count{operation="recepciondte"}',
  'dte_documents{status="processed",type="03"}',
  'dte_jobs_waiting{job_name="reconcile-documents"}',
  'dte_jobs_running',
  'dte_jobs_failed',
  'dte_jobs_oldest_waiting_seconds',
  'dte_contingency_episodes_open{environment="00"}',
  'dte_webhook_deliveries_total{outcome="delivered"}',
  'dte_webhook_deliveries_unfinished{status="pending"}',
  'dte_emails_pending{kind="document"}',
  'dte_certificate_expiry_days{environment="00"}',
];

/**
 * A real Prometheus (Debian's package) scrapes an API process and a worker with the guide's
 * configuration; one series of each the guide lists is queried through its HTTP API.
 */
describe('Prometheus scraping the service', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let prometheus: ChildProcess;
  const procs: Started[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
  });
  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    await sim.close();
    await db.drop();
  });

  it('finds every series of the guide', async () => {
    const mh = new MhControl(await sim.listen(0));
    const [apiMetrics, workerMetrics, promPort] = [await freePort(), await freePort(), await freePort()];
    const env = (role: string, metricsPort: number) => ({
      DATABASE_URL: db.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      ROLE: role,
      PORT: '0',
      METRICS_PORT: String(metricsPort),
      MH_SIMULATOR_URL: mh.url,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), `dte-${role}-`)),
    });
    const api = await startService(env('api', apiMetrics), 120_000, null, { detached: true });
    procs.push(api);
    procs.push(await startService(env('worker', workerMetrics), 120_000, /Trabajador DTE listo/, { detached: true }));
    const key = JSON.parse((await runCli(['accounts', 'create', '--name', 'Métricas', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY })).stdout).keys.test;
    const issuer = await createIssuer(api.url, key, { nit: '06148181818181' });
    // A webhook endpoint that answers 200, so a delivery is counted.
    const { createServer } = await import('node:http');
    const receiver = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const hook = await request(api.url, 'POST', '/v1/webhook-endpoints', { key, body: { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/dte`, events: ['document.processed'] } });
    expect(hook.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await request(api.url, 'POST', '/v1/documents?mode=sync', { key, body: ccfBody(issuer) })).status).toBe(201);

    const dir = mkdtempSync(join(tmpdir(), 'dte-prom-'));
    const config = localise(guideBlock('prometheus.yml'), {
      'scrape_interval: 15s': 'scrape_interval: 1s',
      "['10.0.1.11:9464', '10.0.1.12:9464']": `['127.0.0.1:${apiMetrics}']`,
      "['10.0.2.21:9464', '10.0.2.22:9464']": `['127.0.0.1:${workerMetrics}']`,
    });
    writeFileSync(join(dir, 'prometheus.yml'), config);
    prometheus = spawn('prometheus', [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' });
    const query = async (q: string) => {
      const r = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(q)}`).catch(() => null);
      if (!r || !r.ok) return [];
      return ((await r.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
    };
    try {
      await waitFor(async () => (await query('up')).filter((x) => x.value[1] === '1').length === 2, 60_000, 500);
      const missing = async () => {
        const out: string[] = [];
        for (const s of SERIES) if (!(await query(s)).length) out.push(s);
        return out;
      };
      await waitFor(async () => (await missing()).length === 0, 30_000, 500).catch(() => undefined);
      expect(await missing()).toEqual([]);
      const processed = await query('max(dte_documents{status="processed",type="03"})');
      expect(Number(processed[0].value[1])).toBeGreaterThanOrEqual(3);
    } finally {
      receiver.close();
    }
  });
});
