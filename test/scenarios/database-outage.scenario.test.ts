import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { IssuanceLoad } from '../support/issuance-load';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, type Started } from './process-helpers';

jest.setTimeout(300_000);

/** The connection budget the README states for one process with these settings (ADR 0037). */
const DB_POOL_MAX = 6;
const BUDGET_PER_PROCESS = DB_POOL_MAX + 2 + 2;

/**
 * PostgreSQL drops every connection of the service while sync issuances wait on MH: the backends
 * terminated (pg_terminate_backend) under an API process and a worker, and a crash restart of the
 * server (`pg_ctl stop -m immediate`, then start) under one process of role `all`. Required: no
 * process exits; every answer is 2xx, or 409/503 with Retry-After; once the database is back each
 * key retried answers its one document within 10 s; nothing sealed twice; numbers gapless; and the
 * connections stay within the documented budget.
 */
describe('a database that drops its connections', () => {
  let sim: MhSimulator;
  let mh: MhControl;
  const procs: Started[] = [];
  const dbs: TestDatabase[] = [];
  let scratch: ScratchPostgres | null = null;

  beforeAll(async () => {
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    await sim.close();
    for (const d of dbs) await d.drop().catch(() => undefined);
    await scratch?.destroy();
  });

  const envFor = (databaseUrl: string, role: string) => ({
    DATABASE_URL: databaseUrl,
    DTE_MASTER_KEY: TEST_MASTER_KEY,
    PORT: '0',
    ROLE: role,
    MH_SIMULATOR_URL: mh.url,
    MH_TIMEOUT_MS: '8000',
    MH_RESEND_LIMIT: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_MAX: String(DB_POOL_MAX),
    PROCESS_LEASE_TTL_MS: '6000',
    CONTINGENCY_RECHECK_MS: '1000',
    DATA_DIR: mkdtempSync(join(tmpdir(), `dte-${role}-`)),
  });

  /** Connections each process holds (by application_name, which the service sets to its role and pid). */
  async function connectionsByProcess(serverUrl: string, dbName: string): Promise<Map<string, number>> {
    const rows = await dbRows<{ app: string; n: number }>(serverUrl, `select application_name as app, count(*)::int as n from pg_stat_activity where datname = $1 group by 1`, [dbName]);
    return new Map(rows.map((r) => [r.app, r.n]));
  }

  async function checkDocuments(databaseUrl: string, load: IssuanceLoad): Promise<void> {
    const docs = await dbRows<{ id: string; generation_code: string; control_number: string }>(databaseUrl, 'select id, generation_code, control_number from documents order by control_number');
    // One document per sale, and every answer of a sale names that one document.
    expect(docs).toHaveLength(load.sales.length);
    const ids = new Set(docs.map((d) => d.id));
    for (const s of load.sales) {
      expect(s.documentId && ids.has(s.documentId)).toBeTruthy();
      expect(new Set(s.answers.map((a) => a.id).filter(Boolean)).size).toBe(1);
    }
    // Gapless control numbers (one issuer, type and point of sale).
    const correlatives = docs.map((d) => Number(d.control_number.slice(-15))).sort((a, b) => a - b);
    expect(correlatives).toEqual(Array.from({ length: docs.length }, (_, i) => i + 1));
    // MH sealed each generation code at most once, and every document ends processed.
    await waitFor(async () => (await dbRows<{ n: number }>(databaseUrl, `select count(*)::int as n from documents where status <> 'processed'`))[0].n === 0, 60_000, 250);
    const receptions = await mh.receptions();
    for (const d of docs) expect(receptions.find((r) => r.generation_code === d.generation_code)?.sealed).toBe(1);
  }

  it('terminated backends under an API process and a worker: both stay up, every key answers its one document', async () => {
    const db = await createTestDatabase();
    dbs.push(db);
    const api = await startService(envFor(db.url, 'api'), 120_000, null, { detached: true });
    procs.push(api);
    const worker = await startService(envFor(db.url, 'worker'), 120_000, /Trabajador DTE listo/, { detached: true });
    procs.push(worker);
    const cli = await runCli(['accounts', 'create', '--name', 'Corte de conexiones', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const apiKey = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(api.url, apiKey, { nit: '06142424242424' });
    // MH holds each answer a while: sync requests are waiting on it when the connections go.
    await mh.fault({ mode: 'latency', ms: 400, count: 100_000, paths: ['/fesv/recepciondte'] });

    const load = new IssuanceLoad({ urls: [api.url], apiKey, body: () => ccfBody(issuer), concurrency: 16, mode: 'mixed' });
    load.start();
    let peak = 0;
    for (let round = 0; round < 3; round++) {
      const before = load.done();
      await waitFor(async () => load.done() >= before + 8, 60_000, 50);
      const conns = await connectionsByProcess(db.url, db.name);
      for (const n of conns.values()) peak = Math.max(peak, n);
      await dbRows(db.url, `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [db.name]);
    }
    const after = load.done();
    await waitFor(async () => load.done() >= after + 8, 60_000, 50);
    await load.stop();
    await mh.clear();
    const settleMs = await load.settle(10_000);
    process.stdout.write(`conexiones: máximo ${peak} por proceso; reintentos resueltos en ${settleMs} ms; ${load.sales.length} ventas\n`);

    expect(api.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
    expect(load.unexpectedAnswers()).toEqual([]);
    expect(load.sales.flatMap((s) => s.transportErrors)).toEqual([]);
    expect(load.sales.filter((s) => !s.documentId)).toEqual([]);
    expect(peak).toBeLessThanOrEqual(BUDGET_PER_PROCESS);
    await checkDocuments(db.url, load);
    // The API still answers reads and the worker still runs jobs (a new async sale is sealed).
    const later = await request(api.url, 'POST', '/v1/documents?mode=async', { key: apiKey, body: ccfBody(issuer) });
    expect(later.status).toBe(202);
    await waitFor(async () => (await request(api.url, 'GET', `/v1/documents/${later.body.id}`, { key: apiKey })).body.status === 'processed', 30_000, 100);
  });

  it('a crash restart of PostgreSQL under one process of role all: it stays up and reconnects by itself', async () => {
    scratch = await startScratchPostgres();
    const c = new Client({ connectionString: scratch.url });
    await c.connect();
    await c.query('create database dte_outage');
    await c.end();
    const url = scratch.url.replace(/\/postgres$/, '/dte_outage');
    const all = await startService(envFor(url, 'all'), 120_000, null, { detached: true });
    procs.push(all);
    const cli = await runCli(['accounts', 'create', '--name', 'Reinicio inmediato', '--json'], { DATABASE_URL: url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const apiKey = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(all.url, apiKey, { nit: '06143434343434' });
    await mh.fault({ mode: 'latency', ms: 400, count: 100_000, paths: ['/fesv/recepciondte'] });

    const load = new IssuanceLoad({ urls: [all.url], apiKey, body: () => ccfBody(issuer), concurrency: 8, mode: 'mixed' });
    load.start();
    let restartedAt = 0;
    for (let round = 0; round < 2; round++) {
      const before = load.done();
      await waitFor(async () => load.done() >= before + 8, 60_000, 50);
      await scratch.stopImmediate();
      // While it is down: the service answers, with 503 and its reason, on every door.
      const health = await request(all.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      const ready = await request(all.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not_ready', reasons: ['la base de datos no responde'], database: { status: 'unreachable' } });
      const rest = await request(all.url, 'GET', '/v1/emitters', { key: apiKey });
      expect(rest.status).toBe(503);
      expect(rest.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(rest.headers.get('retry-after')).toBe('2');
      expect(rest.body.type).toMatch(/\/problems\/service_unavailable$/);
      const gql = await graphql(all.url, apiKey, '{ emitters { nodes { id } } }');
      expect(gql.status).toBe(503);
      expect(gql.headers.get('retry-after')).toBe('2');
      expect(gql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      await scratch.start();
      restartedAt = Date.now();
    }
    const after = load.done();
    await waitFor(async () => load.done() >= after + 8, 60_000, 50);
    await load.stop();
    await mh.clear();
    const settleMs = await load.settle(10_000);
    process.stdout.write(`reinicio inmediato: reintentos resueltos en ${settleMs} ms (${Date.now() - restartedAt} ms desde el último arranque); ${load.sales.length} ventas\n`);

    expect(all.child.exitCode).toBeNull();
    expect(load.unexpectedAnswers()).toEqual([]);
    expect(load.sales.flatMap((s) => s.transportErrors)).toEqual([]);
    expect(load.sales.filter((s) => !s.documentId)).toEqual([]);
    await checkDocuments(url, load);

    // Two sync requests waiting on MH (3 s) when the server goes: their seal writes and the release of
    // their Idempotency-Key records fail (503). Once it is back, each key answers its document at once,
    // not 409 until the record goes stale.
    await mh.fault({ mode: 'latency', ms: 3000, count: 2, paths: ['/fesv/recepciondte'] });
    const waiting = [1, 2].map((i) => ({ key: `esperando-mh-${i}`, body: ccfBody(issuer) }));
    const answers = waiting.map((w) => request(all.url, 'POST', '/v1/documents?mode=sync', { key: apiKey, body: w.body, idempotencyKey: w.key }));
    await waitFor(async () => (await dbRows<{ n: number }>(url, `select count(*)::int as n from documents where status = 'sending'`))[0].n === 2, 30_000, 50);
    await scratch.stopImmediate();
    const during = await Promise.all(answers);
    expect(during.map((r) => [r.status, r.headers.get('retry-after')])).toEqual([
      [503, '2'],
      [503, '2'],
    ]);
    await scratch.start();
    const back = Date.now();
    const retried = await Promise.all(
      waiting.map(async (w) => {
        for (;;) {
          const r = await request(all.url, 'POST', '/v1/documents?mode=sync', { key: apiKey, body: w.body, idempotencyKey: w.key });
          if (r.status < 300 || Date.now() - back > 10_000) return r;
          await new Promise((res) => setTimeout(res, 200));
        }
      }),
    );
    expect(Date.now() - back).toBeLessThan(10_000);
    for (const r of retried) expect([200, 201, 202]).toContain(r.status);
    const docs = await dbRows<{ id: string; external_id: string }>(url, 'select id, external_id from documents where external_id = any($1)', [waiting.map((w) => w.body.external_id)]);
    expect(docs).toHaveLength(2);
    expect(retried.map((r) => r.body.id).sort()).toEqual(docs.map((d) => d.id).sort());
    expect(all.child.exitCode).toBeNull();
  });
});
