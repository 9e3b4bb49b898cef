import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

/** A Prometheus sample line's value, by metric name and a subset of its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

/**
 * `/readyz` on API and worker processes, and the service's own series in /metrics: MH calls with
 * their latency, documents by status and type, jobs, contingencies, webhook and e-mail queues, and
 * certificate expiry.
 */
describe('readiness and the operator metrics', () => {
  let api: TestApp;
  let worker: TestApp;
  let issuer: Issuer;
  let mh: MhControl;
  beforeAll(async () => {
    api = await startTestApp({ METRICS_PORT: '0' });
    worker = await startTestApp({ ROLE: 'worker', METRICS_PORT: '0' }, { db: api.db, account: api.account });
    mh = new MhControl(api.app.mhSimulatorUrl!);
    issuer = await createIssuer(api.url, api.account.testKey, { nit: '06145151515151' });
  }, 90_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
  });

  it('/readyz answers ready with the database, the migrations and MH per environment, on the API port and on a worker\'s own listener', async () => {
    const onApi = await request(api.url, 'GET', '/readyz');
    expect(onApi.status).toBe(200);
    expect(onApi.body).toMatchObject({ status: 'ready', reasons: [], database: { status: 'ok' }, migrations: { status: 'current', pending: [] } });
    expect(onApi.body.mh['00'].status).toMatch(/^(reachable|unknown)$/);
    expect(worker.app.url).toBeNull();
    const base = worker.app.metricsUrl!.replace(/\/metrics$/, '');
    const onWorker = await request(base, 'GET', '/readyz');
    expect(onWorker.status).toBe(200);
    expect(onWorker.body.status).toBe('ready');
    expect((await request(base, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('/metrics carries the MH calls, documents by status and type, jobs, contingencies, queues and certificate expiry', async () => {
    const r = await request(api.url, 'POST', '/v1/documents?mode=sync', { key: api.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    const text = await waitFor(async () => {
      const t = await (await fetch(api.app.metricsUrl!)).text();
      return (sample(t, 'dte_documents', { status: 'processed', type: '03' }) ?? 0) >= 1 ? t : null;
    }, 30_000, 500);
    expect(sample(text, 'dte_mh_requests_total', { operation: 'recepciondte', environment: '00', outcome: 'http_2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'dte_mh_request_duration_seconds_count', { operation: 'recepciondte', environment: '00' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'dte_contingency_episodes_open', { environment: '00' })).not.toBeNull();
    expect(sample(text, 'dte_emails_pending', { kind: 'document' })).not.toBeNull();
    expect(sample(text, 'dte_webhook_deliveries_unfinished', { status: 'pending' })).not.toBeNull();
    expect(sample(text, 'dte_certificate_expiry_days', { emitter_id: issuer.emitterId, environment: '00' })).toBeGreaterThan(300);
    // Jobs: the worker's own listener shows Agenda's queue (recurring sweeps at least).
    const workerText = await (await fetch(worker.app.metricsUrl!)).text();
    expect(sample(workerText, 'dte_jobs_waiting', { job_name: 'reconcile-documents' })).not.toBeNull();
    expect(sample(workerText, 'dte_jobs_oldest_waiting_seconds', { job_name: 'reconcile-documents' })).not.toBeNull();
  });

  it('reports MH down as contingency with its reason, and stays ready (documents go on in contingency)', async () => {
    await mh.fault({ mode: 'down', count: 100 });
    try {
      const r = await request(api.url, 'POST', '/v1/documents?mode=sync', { key: api.account.testKey, body: ccfBody(issuer) });
      expect([201, 202]).toContain(r.status);
      const ready = await waitFor(async () => {
        const x = await request(api.url, 'GET', '/readyz');
        return x.body.mh['00'].status === 'contingency' ? x : null;
      });
      expect(ready.status).toBe(200);
      expect(ready.body.mh['00'].reason).toMatch(/contingencia$/);
    } finally {
      await mh.clear();
    }
  });
});
