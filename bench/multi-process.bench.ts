/**
 * Load an operator plans with (docs/deploy.md, "Sizing"): sealed documents per second and CPU per
 * document of each process, sync and async, for
 *   - one process of role `all` (what `npm start` runs, here on PostgreSQL), and
 *   - two `api` processes and one `worker` behind nginx (the guide's proxy, plain HTTP here so the
 *     figures are the service's, not TLS's),
 * against one PostgreSQL and the MH simulator (its own process, zero latency), in one run.
 * Targets: async throughput ≥ sync on the same processes; the worker's CPU per async document
 * ≤ 1.2× the API processes' CPU per sync document (each document is issued and transmitted by one
 * of them); two API + one worker ≥ 1.4× one `all` process. CPU per document is each process's CPU
 * over the phase divided by the documents of the phase.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createIssuer, type Issuer } from '../test/support/issuer';
import { startNginx } from '../test/support/nginx';
import { guideBlock, localise } from '../test/support/deploy-guide';
import { freePort } from '../test/support/scratch-postgres';
import { BENCH_MASTER_KEY, benchDatabase, procCpuMs, runBenchProcess, startSimulatorProcess } from './bench-support';
import type { LoadKind } from './http-load';

const COUNT = Number(process.env.BENCH_MULTI_COUNT ?? 800);
const WARMUP = Number(process.env.BENCH_MULTI_WARMUP ?? 400);
const CONCURRENCY = 16;
const round = (n: number, d = 2) => Number(n.toFixed(d));

interface Proc {
  role: string;
  child: ChildProcess;
  url: string | null;
}

async function startProcess(env: Record<string, string>, role: string): Promise<Proc> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: join(__dirname, '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'silent', ...env, ROLE: role },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const url = /REST API:\s+(https?:\/\/\S+)\/v1/.exec(out)?.[1];
    if (url || /Trabajador DTE listo/.test(out)) return { role, child, url: url ?? null };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`el proceso ${role} no arrancó:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopProcess(p: Proc): Promise<void> {
  if (p.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

const cpuOf = (procs: Proc[]) => procs.map((p) => procCpuMs(p.child.pid!)).map((c) => c.user + c.system);

/** Documents sealed so far; a rejected one stops the benchmark (its figures would be wrong). */
async function processedCount(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ processed: number; rejected: number; sample: string | null }>(
      `select (count(*) filter (where status = 'processed'))::int as processed, (count(*) filter (where status = 'rejected'))::int as rejected,
              (select mh_response->>'message' from documents where status = 'rejected' limit 1) as sample from documents`,
    );
    if (rows[0].rejected) throw new Error(`${rows[0].rejected} documentos rechazados por el MH: ${rows[0].sample}`);
    return rows[0].processed;
  } finally {
    await c.end();
  }
}

/** One phase: `count` issuances of `kind` at concurrency 16 through `url`, until all are sealed. */
async function phase(dbUrl: string, url: string, key: string, issuer: Issuer, kind: LoadKind, procs: Proc[]) {
  const sealedBefore = await processedCount(dbUrl);
  const cpu0 = cpuOf(procs);
  const started = Date.now();
  const r = await runBenchProcess<{ elapsed_ms: number; first_error: string | null }>('http-load.ts', { url, key, issuer, kind, warmup: 0, count: COUNT, concurrency: CONCURRENCY });
  if (r.first_error) throw new Error(`${kind}: ${r.first_error}`);
  // Async: the phase ends when the last document is sealed, not when the last 202 came back.
  while ((await processedCount(dbUrl)) < sealedBefore + COUNT) await new Promise((res) => setTimeout(res, 50));
  const elapsed = Date.now() - started;
  const cpu = cpuOf(procs).map((c, i) => c - cpu0[i]);
  return {
    sealed_per_second: round((COUNT / elapsed) * 1000, 1),
    elapsed_ms: elapsed,
    cpu_ms_per_document: Object.fromEntries(procs.map((p, i) => [`${p.role}${procs.filter((q) => q.role === p.role).length > 1 ? `_${procs.filter((q, j) => q.role === p.role && j <= i).length}` : ''}`, round(cpu[i] / COUNT)])),
    total_cpu_ms_per_document: round(cpu.reduce((a, b) => a + b, 0) / COUNT),
  };
}

async function topology(simulatorUrl: string, shape: 'single' | 'multi') {
  const db = await benchDatabase(`multi_${shape}`);
  const env = (port: number) => ({
    DATABASE_URL: db.url,
    DTE_MASTER_KEY: BENCH_MASTER_KEY,
    PORT: String(port),
    MH_SIMULATOR_URL: simulatorUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-bench-multi-')),
  });
  const procs: Proc[] = [];
  let stopNginx = async () => undefined as void;
  try {
    let entry: string;
    if (shape === 'single') {
      procs.push(await startProcess(env(0), 'all'));
      entry = procs[0].url!;
    } else {
      const ports = [await freePort(), await freePort()];
      for (const p of ports) procs.push(await startProcess(env(p), 'api'));
      procs.push(await startProcess(env(0), 'worker'));
      const proxyPort = await freePort();
      // The guide's nginx configuration, TLS left out: these figures are the service's.
      const conf = localise(guideBlock('nginx.conf'), {
        '10.0.1.11:3000': `127.0.0.1:${ports[0]}`,
        '10.0.1.12:3000': `127.0.0.1:${ports[1]}`,
        'listen 443 ssl': `listen 127.0.0.1:${proxyPort}`,
      }).replace(/^\s*ssl_\w+ .*$/gm, '');
      const nginx = await startNginx(() => conf, proxyPort);
      stopNginx = () => nginx.stop();
      entry = `http://127.0.0.1:${proxyPort}`;
    }
    const cli = spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', 'accounts', 'create', '--name', 'Bench', '--json'], { cwd: join(__dirname, '..'), env: { ...process.env, DATABASE_URL: db.url, DTE_MASTER_KEY: BENCH_MASTER_KEY } });
    let out = '';
    cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => cli.once('exit', r));
    const key = JSON.parse(out).keys.test as string;
    // An issuer of its own per topology: the simulator keeps every control number it sealed.
    const issuer = await createIssuer(entry, key, { nit: shape === 'single' ? '06140606060606' : '06140707070707' });
    await runBenchProcess('http-load.ts', { url: entry, key, issuer, kind: 'issue-fe', warmup: 0, count: WARMUP, concurrency: CONCURRENCY });
    await runBenchProcess('http-load.ts', { url: entry, key, issuer, kind: 'issue-fe-async', warmup: 0, count: WARMUP / 2, concurrency: CONCURRENCY });
    while ((await processedCount(db.url)) < WARMUP * 1.5) await new Promise((res) => setTimeout(res, 50));
    const sync = await phase(db.url, entry, key, issuer, 'issue-fe', procs);
    const async_ = await phase(db.url, entry, key, issuer, 'issue-fe-async', procs);
    return { sync, async: async_ };
  } finally {
    await stopNginx();
    for (const p of procs) await stopProcess(p);
    await db.drop();
  }
}

export default async function multiProcess(): Promise<Record<string, unknown>> {
  const simulator = await startSimulatorProcess();
  try {
    const single = await topology(simulator.url, 'single');
    const multi = await topology(simulator.url, 'multi');
    // Per document each process handled: the two API processes share the documents, the worker transmits them all.
    const apiSyncCpu = multi.sync.cpu_ms_per_document.api_1 + multi.sync.cpu_ms_per_document.api_2;
    const workerAsyncCpu = multi.async.cpu_ms_per_document.worker;
    const figures = {
      async_over_sync_single: { ratio: round(single.async.sealed_per_second / single.sync.sealed_per_second), target: 1, met: single.async.sealed_per_second >= single.sync.sealed_per_second },
      async_over_sync_multi: { ratio: round(multi.async.sealed_per_second / multi.sync.sealed_per_second), target: 1, met: multi.async.sealed_per_second >= multi.sync.sealed_per_second },
      worker_async_cpu_over_api_sync_cpu: { ratio: round(workerAsyncCpu / apiSyncCpu), worker_ms: workerAsyncCpu, api_ms: round(apiSyncCpu), target: 1.2, met: workerAsyncCpu <= 1.2 * apiSyncCpu },
      multi_over_single_sync: { ratio: round(multi.sync.sealed_per_second / single.sync.sealed_per_second), target: 1.4, met: multi.sync.sealed_per_second >= 1.4 * single.sync.sealed_per_second },
      multi_over_single_async: { ratio: round(multi.async.sealed_per_second / single.async.sealed_per_second), target: 1.4, met: multi.async.sealed_per_second >= 1.4 * single.async.sealed_per_second },
    };
    return { documents_per_phase: COUNT, concurrency: CONCURRENCY, single_all: single, two_api_one_worker_behind_nginx: multi, figures };
  } finally {
    await simulator.stop();
  }
}
