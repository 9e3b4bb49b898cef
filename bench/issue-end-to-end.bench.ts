/**
 * End-to-end issuance and reads through the MH simulator (zero latency), every figure a ratio to one
 * raw RS512 signature (2048-bit, ~4 KB) measured in the same run:
 *   - 400 sync FE at concurrency 16: service CPU and PostgreSQL CPU per sealed document (from /proc),
 *     and the tail shape p99 / p50;
 *   - 60 sync issuances one at a time: p50;
 *   - 60 authenticated GET /v1/emitters/{id} one at a time: p50;
 *   - REST GET /v1/emitters/{id} against GraphQL `emitter(id) { id nit nrc name }` at concurrency 16,
 *     alternated in rounds: the ratio of their elapsed times.
 * CPU figures are divided by the signature's CPU time, latencies by its wall time (each the median
 * of three measurements around the phases). PostgreSQL's CPU is that of the backends serving the
 * benchmark's database plus the server's auxiliary processes (WAL writer, checkpointer…), which on
 * a shared server also work for the other databases.
 * The service runs in this process; the simulator runs as its own process (as `npm run mh-simulator`,
 * MH being another machine in real life) and so does the load generator (bench/http-load.ts), so the
 * CPU figures are the service's own.
 */
import { benchApp, benchDatabase, cpuMeter, cpuProfile, percentile, rawSignature, runBenchProcess, startSimulatorProcess, statementCounter } from './bench-support';
import { loadavg } from 'node:os';
import type { LoadKind } from './http-load';
import { createIssuer } from '../test/support/issuer';

const CONCURRENCY = 16;
const SYNC_COUNT = Number(process.env.BENCH_E2E_COUNT ?? 400);
const WARMUP_COUNT = Number(process.env.BENCH_E2E_WARMUP ?? 2000);
const LIGHT_COUNT = 60;
/** Requests per connection the measured phase's load generator sends before its latencies count. */
const CLIENT_WARMUP = 4 * CONCURRENCY;
const PAIR_ROUNDS = 4;
const PAIR_COUNT = 300;

interface LoadResult {
  elapsed_ms: number;
  latencies_ms: number[];
  statuses: Record<string, number>;
  first_error: string | null;
}

/** One figure against its target: the ratio, the raw milliseconds it comes from, met or not. */
interface Figure {
  ratio: number;
  ms: number;
  target: number;
  met: boolean;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * A CPU profile of one phase when `BENCH_CPU_PROFILE` names a file: the c16 phase, or the light-load
 * issuances with `BENCH_CPU_PROFILE_PHASE=light`.
 */
function profiled(phase: 'c16' | 'light'): Promise<{ stop(): Promise<void> }> {
  return cpuProfile((process.env.BENCH_CPU_PROFILE_PHASE ?? 'c16') === phase);
}

function figure(ms: number, unitMs: number, target: number): Figure {
  const ratio = ms / unitMs;
  return { ratio: round(ratio), ms: round(ms, 3), target, met: ratio <= target };
}

export default async function issueEndToEnd(): Promise<Record<string, unknown>> {
  const loadBefore = loadavg()[0];
  const db = await benchDatabase('e2e');
  const simulator = await startSimulatorProcess();
  const app = await benchApp(db.url, { DB_POOL_MAX: '20', JOB_CONCURRENCY: '4', MH_SIMULATOR_URL: simulator.url });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06147070707070' });
    const load = async (kind: LoadKind, count: number, concurrency: number, warmup = 0) => {
      const r = await runBenchProcess<LoadResult>('http-load.ts', { url: app.url, key, issuer, kind, warmup, count, concurrency });
      if (r.first_error) throw new Error(`${kind}: respuesta inesperada: ${r.first_error}`);
      return r;
    };

    // Warm the JIT, the prepared statements and the MH token first; nothing of it is measured. A
    // service runs warm: after only 100 documents V8's optimizing compiler was still at work through
    // the measured phase (about a fifth of the service's CPU there, on threads of its own).
    await load('issue-fe', WARMUP_COUNT, CONCURRENCY);
    // The unit, measured three times around the phases (the median is taken): on a shared machine
    // the other load changes during the run.
    const signatures = [rawSignature()];
    const meter = cpuMeter({ simulator: simulator.pid }, new URL(db.url).pathname.slice(1));
    const statements = statementCounter();
    const profile = await profiled('c16');
    // The load generator is a new process with new connections: its first requests per connection
    // (its JIT, its sockets) are its own start, not the service's tail. They seal documents too, so
    // the CPU and statement figures count them; only the latencies leave them out.
    const sync16 = await load('issue-fe', SYNC_COUNT, CONCURRENCY, CLIENT_WARMUP);
    await profile.stop();
    const cpu = meter.stop(SYNC_COUNT + CLIENT_WARMUP);
    const statementsPerDocument = statements.stop(SYNC_COUNT + CLIENT_WARMUP);

    signatures.push(rawSignature());
    const lightProfile = await profiled('light');
    const light = await load('issue-fe', LIGHT_COUNT, 1, 10);
    await lightProfile.stop();
    const reads = await load('rest-emitter', LIGHT_COUNT, 1, 10);
    const pair = await restGraphqlPair(load);
    signatures.push(rawSignature());
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    // CPU figures against the signature's CPU time, latencies against its wall time.
    const signCpuMs = median(signatures.map((x) => x.cpu_ms));
    const signMs = median(signatures.map((x) => x.wall_ms));

    const p50 = percentile(sync16.latencies_ms, 50);
    const p99 = percentile(sync16.latencies_ms, 99);
    const tail = p99 / p50;
    const pairRatio = pair.rest / pair.graphql;
    return {
      // Above the core count, other processes shared the machine during the run.
      load_average_1m: { start: round(loadBefore), end: round(loadavg()[0]) },
      raw_rs512_signature: { wall_ms: round(signMs, 4), cpu_ms: round(signCpuMs, 4), runs: signatures.map((x) => ({ wall_ms: round(x.wall_ms, 4), cpu_ms: round(x.cpu_ms, 4) })) },
      figures: {
        service_cpu_per_sealed_document: figure(cpu.service_user + cpu.service_system, signCpuMs, 8),
        postgres_cpu_per_sealed_document: figure(cpu.postgres, signCpuMs, 6),
        sync_p50_light_load: figure(percentile(light.latencies_ms, 50), signMs, 30),
        get_emitter_p50_light_load: figure(percentile(reads.latencies_ms, 50), signMs, 5),
        sync_p99_over_p50_concurrency_16: { ratio: round(tail), p50_ms: round(p50, 1), p99_ms: round(p99, 1), target: 2, met: tail <= 2 },
        rest_over_graphql_get_emitter_concurrency_16: { ratio: round(pairRatio, 3), rest_ms: round(pair.rest, 1), graphql_ms: round(pair.graphql, 1), target: 1.1, met: pairRatio <= 1.1 },
      },
      detail: {
        warmup_documents: WARMUP_COUNT,
        sync_documents_concurrency_16: SYNC_COUNT,
        load_generator_warmup_documents: CLIENT_WARMUP,
        sealed_per_s_concurrency_16: Math.round((SYNC_COUNT / sync16.elapsed_ms) * 1000),
        cpu_ms_per_document: cpu,
        db_statements_per_document: statementsPerDocument,
        sync_light_load_ms: { p50: round(percentile(light.latencies_ms, 50), 1), p99: round(percentile(light.latencies_ms, 99), 1) },
        get_emitter_light_load_ms: { p50: round(percentile(reads.latencies_ms, 50), 2), p99: round(percentile(reads.latencies_ms, 99), 2) },
        rest_graphql_pair: `${PAIR_ROUNDS} alternated rounds of ${PAIR_COUNT} reads each at concurrency ${CONCURRENCY}; elapsed times summed`,
      },
    };
  } finally {
    await app.stop();
    await simulator.stop();
    if (!process.env.BENCH_KEEP_DB) await db.drop();
  }
}

/** REST and GraphQL reads of the same emitter, alternated so both see the same background load. */
async function restGraphqlPair(load: (kind: LoadKind, count: number, concurrency: number, warmup?: number) => Promise<LoadResult>): Promise<{ rest: number; graphql: number }> {
  let rest = 0;
  let graphql = 0;
  for (let i = 0; i < PAIR_ROUNDS; i++) {
    const first = i % 2 === 0 ? 'rest-emitter' : 'graphql-emitter';
    const second = first === 'rest-emitter' ? 'graphql-emitter' : 'rest-emitter';
    for (const kind of [first, second] as const) {
      const r = await load(kind, PAIR_COUNT, CONCURRENCY, 50);
      if (kind === 'rest-emitter') rest += r.elapsed_ms;
      else graphql += r.elapsed_ms;
    }
  }
  return { rest, graphql };
}
