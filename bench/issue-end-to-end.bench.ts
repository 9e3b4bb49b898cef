/**
 * End-to-end issuance through the MH simulator (zero latency): POST /v1/documents in sync mode at
 * concurrency 16 — validate, number, sign, store, transmit, MH verifies and seals, store the seal.
 * Reports documents sealed per second, p50/p99 sync latency, and the raw RS512 sign rate of one core
 * measured in the same run. Targets: ≥ 30 % of the raw sign rate; p99 < 150 ms.
 */
import { benchApp, benchDatabase, percentile, rawSignRate, runConcurrent } from './bench-support';
import { ccfBody } from '../test/fixtures/document-bodies';
import { createIssuer } from '../test/support/issuer';

const CONCURRENCY = 16;
const WARMUP = 100;
const COUNT = Number(process.env.BENCH_E2E_COUNT ?? 1500);

export default async function issueEndToEnd(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('e2e');
  const app = await benchApp(db.url, { DB_POOL_MAX: '20', JOB_CONCURRENCY: '4' });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06147070707070' });
    const post = async () => {
      const res = await fetch(`${app.url}/v1/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': `b-${Math.random()}` },
        body: JSON.stringify(ccfBody(issuer)),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      return res.status;
    };
    await runConcurrent(WARMUP, CONCURRENCY, post);
    const run = await runConcurrent(COUNT, CONCURRENCY, post);
    const rate = (COUNT / run.elapsedMs) * 1000;
    const sign = rawSignRate();
    return {
      concurrency: CONCURRENCY,
      documents: COUNT,
      mode: 'sync, CCF 1 line, MH simulator in-process without latency',
      sealed_per_s: Math.round(rate),
      raw_rs512_sign_per_s_one_core: Math.round(sign),
      ratio_to_sign_rate: Number((rate / sign).toFixed(3)),
      target_ratio: 0.3,
      sync_latency_ms: { p50: Number(percentile(run.latencies, 50).toFixed(1)), p99: Number(percentile(run.latencies, 99).toFixed(1)), max: Number(run.latencies[run.latencies.length - 1].toFixed(1)) },
      target_p99_ms: 150,
    };
  } finally {
    await app.stop();
    await db.drop();
  }
}
