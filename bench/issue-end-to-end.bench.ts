/**
 * End-to-end issuance through the MH simulator (zero latency): POST /v1/documents in sync mode at
 * concurrency 16 — validate, number, sign, store, transmit, MH verifies and seals, store the seal.
 * The service runs in this process; the simulator runs as its own process (as `npm run mh-simulator`,
 * MH being another machine in real life) and so does the load generator (bench/http-load.ts), so the
 * figures are the service's own. Reports documents sealed per second, p50/p99 sync latency, and the
 * raw RS512 sign rate of one core measured in the same run. Targets: ≥ 30 % of the raw sign rate;
 * p99 < 150 ms.
 */
import { benchApp, benchDatabase, cpuMeter, percentile, rawSignRate, runBenchProcess, startSimulatorProcess, statementCounter } from './bench-support';
import { createIssuer } from '../test/support/issuer';

const CONCURRENCY = 16;
const WARMUP = 100;
const COUNT = Number(process.env.BENCH_E2E_COUNT ?? 1500);

interface LoadResult {
  elapsed_ms: number;
  latencies_ms: number[];
  statuses: Record<string, number>;
  first_error: string | null;
}

export default async function issueEndToEnd(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('e2e');
  const simulator = await startSimulatorProcess();
  const app = await benchApp(db.url, { DB_POOL_MAX: '20', JOB_CONCURRENCY: '4', MH_SIMULATOR_URL: simulator.url });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06147070707070' });
    const meter = cpuMeter({ simulator: simulator.pid });
    const statements = statementCounter();
    const run = await runBenchProcess<LoadResult>('http-load.ts', { url: app.url, key, issuer, warmup: WARMUP, count: COUNT, concurrency: CONCURRENCY });
    const cpu = meter.stop(COUNT + WARMUP);
    const statementsPerDocument = statements.stop(COUNT + WARMUP);
    if (run.first_error) throw new Error(`respuesta inesperada: ${run.first_error}`);
    const rate = (COUNT / run.elapsed_ms) * 1000;
    const sign = rawSignRate();
    const lat = run.latencies_ms;
    return {
      concurrency: CONCURRENCY,
      documents: COUNT,
      mode: 'sync, CCF 1 line, MH simulator in its own process without latency, load generator in its own process',
      sealed_per_s: Math.round(rate),
      raw_rs512_sign_per_s_one_core: Math.round(sign),
      ratio_to_sign_rate: Number((rate / sign).toFixed(3)),
      target_ratio: 0.3,
      sync_latency_ms: { p50: Number(percentile(lat, 50).toFixed(1)), p99: Number(percentile(lat, 99).toFixed(1)), max: Number(lat[lat.length - 1].toFixed(1)) },
      target_p99_ms: 150,
      cpu_ms_per_document: cpu,
      db_statements_per_document: statementsPerDocument,
    };
  } finally {
    await app.stop();
    await simulator.stop();
    await db.drop();
  }
}
