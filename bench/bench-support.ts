import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { startApp, type RunningApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { createLogger } from '../src/config/logger';

export const BENCH_SERVER_URL = process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_MASTER_KEY = 'b7'.repeat(32);

/** A fresh database on the local PostgreSQL for one benchmark. */
export async function benchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const db = `dte_bench_${name}_${process.pid}`;
  const admin = async (q: string) => {
    const c = new Client({ connectionString: BENCH_SERVER_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`drop database if exists "${db}" with (force)`);
  await admin(`create database "${db}"`);
  const u = new URL(BENCH_SERVER_URL);
  u.pathname = `/${db}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists "${db}" with (force)`) };
}

export async function benchApp(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const level = process.env.BENCH_LOG_LEVEL ?? 'silent';
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DTE_MASTER_KEY: BENCH_MASTER_KEY,
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-bench-')),
    LOG_LEVEL: level,
    RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? '0',
    ...env,
  });
  const destination = level === 'silent' ? undefined : pino.destination({ dest: process.env.BENCH_LOG_FILE ?? '/dev/null', sync: false });
  return startApp(config, { logger: createLogger(level, destination), demoAccount: false });
}

/** Raw RS512 signatures per second with node:crypto on one core (sequential), over `ms`. */
export function rawSignRate(ms = 1500, payloadBytes = 4096): number {
  return 1000 / rawSignature(ms, payloadBytes).wall_ms;
}

/**
 * One raw RS512 signature (2048-bit key, ~4 KB payload, sequential on one core) over `ms`: its
 * wall time and the CPU time this process spent per signature. On a quiet machine they agree; on
 * a shared one the wall time also counts the time other processes held the core.
 */
export function rawSignature(ms = 1500, payloadBytes = 4096): { wall_ms: number; cpu_ms: number } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.from('x'.repeat(payloadBytes));
  for (let i = 0; i < 200; i++) sign('sha512', data, privateKey);
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  let n = 0;
  while (Number(process.hrtime.bigint() - start) / 1e6 < ms) {
    sign('sha512', data, privateKey);
    n++;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return { wall_ms: wall / n, cpu_ms: (cpu.user + cpu.system) / 1000 / n };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runConcurrent<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<{ results: T[]; elapsedMs: number; latencies: number[] }> {
  let next = 0;
  const results: T[] = [];
  const latencies: number[] = [];
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        results[i] = await fn(i);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return { results, elapsedMs: Number(process.hrtime.bigint() - start) / 1e6, latencies: latencies.sort((a, b) => a - b) };
}

/** Runs `bench/<script>` in its own Node process (TypeScript through @swc-node/register). */
export function spawnBenchProcess(script: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, script)], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** The MH simulator as its own process (`npm run mh-simulator`, as operators run it) on a free port. */
export async function startSimulatorProcess(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '..', 'src', 'mh-simulator', 'main.ts')], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, MH_SIMULATOR_PORT: '0', MH_SIMULATOR_DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-bench-mh-')), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/escuchando en (\S+)/);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`el simulador terminó (código ${code}) antes de escuchar`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Sends `job` as JSON to a bench process's stdin and parses the JSON it prints. */
export async function runBenchProcess<T>(script: string, job: unknown): Promise<T> {
  const child = spawnBenchProcess(script);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdin!.end(JSON.stringify(job));
  const code = await exited;
  if (code !== 0) throw new Error(`${script} terminó con código ${code}: ${out.slice(0, 300)}`);
  return JSON.parse(out) as T;
}

/** CPU time (user, system) of a process in ms from /proc (Linux; 0 elsewhere or once it has exited). */
export function procCpuMs(pid: number): { user: number; system: number } {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return { user: 0, system: 0 };
  }
}

/** User and system CPU of a process's or thread's `stat` line (fields 14 and 15, clock ticks of 10 ms), and its name. */
function statCpuMs(stat: string): { name: string; user: number; system: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).trim(), user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/**
 * CPU milliseconds of each thread of this process by thread name (`/proc/self/task`): the main
 * thread ("node"), V8's platform workers (its optimizing compiler and its concurrent GC), libuv's pool.
 * Threads of one name are summed.
 */
function threadCpuMs(): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const { name, user, system } = statCpuMs(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
      byName.set(name, (byName.get(name) ?? 0) + user + system);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byName;
}

/** The command line of a process (NUL-separated arguments joined by spaces), or '' once it has exited. */
function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/**
 * PostgreSQL's processes, split in two: the backends serving `database` (their title is
 * `postgres: <cluster>: <user> <database> <client> <state>`) and the server's own auxiliary
 * processes (WAL writer, checkpointer, background writer…), which work for every database. Backends
 * of other databases — other work on a shared server — are left out.
 */
function postgresPids(database: string | null): { own: number[]; auxiliary: number[] } {
  const own: number[] = [];
  const auxiliary: number[] = [];
  let pids: number[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  } catch {
    return { own, auxiliary };
  }
  for (const pid of pids) {
    let comm = '';
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const title = cmdline(pid);
    const backend = /^postgres: [^:]+: \S+ (\S+) /.exec(title);
    if (!backend) auxiliary.push(pid);
    else if (database === null || backend[1] === database) own.push(pid);
  }
  return { own, auxiliary };
}

/**
 * CPU spent by the service (this process), the local PostgreSQL and other named processes between
 * `start()` and `stop()`, per unit of work: where a benchmark's time goes. PostgreSQL counts the
 * backends of `database` (all backends when null) and the server's auxiliary processes, apart.
 */
export function cpuMeter(others: Record<string, number>, database: string | null = null): { stop(units: number): Record<string, number> } {
  const sum = (pids: number[]) => pids.map(procCpuMs).reduce((a, b) => a + b.user + b.system, 0);
  const pgBefore = new Map<number, number>();
  const seen = postgresPids(database);
  for (const pid of [...seen.own, ...seen.auxiliary]) pgBefore.set(pid, sum([pid]));
  const self0 = process.cpuUsage();
  const threads0 = threadCpuMs();
  // The service's garbage collection pauses (main thread), by kind, in the same window.
  const gc = { minor: 0, major: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = ((e as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minor += e.duration;
      else gc.major += e.duration;
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const others0 = Object.fromEntries(Object.entries(others).map(([k, pid]) => [k, sum([pid])]));
  return {
    stop(units) {
      const self = process.cpuUsage(self0);
      gcObserver.disconnect();
      const threads = [...threadCpuMs()].map(([name, ms]) => [name, ms - (threads0.get(name) ?? 0)] as const).filter(([, ms]) => ms > 0);
      const now = postgresPids(database);
      const spent = (pids: number[]) => pids.reduce((a, pid) => a + sum([pid]) - (pgBefore.get(pid) ?? 0), 0);
      const own = spent(now.own);
      const auxiliary = spent(now.auxiliary);
      const per = (ms: number) => Number((ms / units).toFixed(2));
      return {
        service_user: per(self.user / 1000),
        service_system: per(self.system / 1000),
        ...Object.fromEntries(threads.map(([name, ms]) => [`service_thread ${name}`, per(ms)])),
        service_gc_scavenge: per(gc.minor),
        service_gc_other: per(gc.major),
        postgres: per(own + auxiliary),
        postgres_backends: per(own),
        postgres_auxiliary: per(auxiliary),
        ...Object.fromEntries(Object.entries(others).map(([k, pid]) => [k, per(sum([pid]) - others0[k])])),
      };
    },
  };
}

/**
 * Counts the statements every `pg` client of this process sends (ORM and raw SQL alike) between
 * `start` and `stop`: the round trips a unit of work costs PostgreSQL.
 */
export function statementCounter(): { stop(units: number): number } {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function counted(this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop(units) {
      proto.query = original;
      return Number((count / units).toFixed(2));
    },
  };
}

/**
 * With `BENCH_CPU_PROFILE=<file>` set, records a V8 CPU profile of this process (the service) from
 * here to `stop()` and writes it to that file (open it in Chrome DevTools or summarize it with
 * `node bench/profile-summary.js <file>`); without it, or when `wanted` is false, does nothing.
 * Profiling costs CPU of its own: figures of a profiled run are not comparable with the others.
 */
export async function cpuProfile(wanted = true): Promise<{ stop(): Promise<void> }> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file || !wanted) return { stop: async () => undefined };
  const { Session } = await import('node:inspector');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
