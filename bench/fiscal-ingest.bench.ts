/**
 * Fiscal record ingestion through REST: 100,000 purchase records as 200 batch calls of 500
 * (POST /v1/emitters/{id}/fiscal/purchases/batch), sequential, then the same 200 batches again
 * (all unchanged). Target: the 100,000 records in < 60 s.
 */
import { benchApp, benchDatabase } from './bench-support';
import { purchaseBody } from '../test/fixtures/fiscal-record-bodies';
import { createIssuer } from '../test/support/issuer';

const BATCHES = Number(process.env.BENCH_FISCAL_BATCHES ?? 200);
const SIZE = 500;

export default async function fiscalIngest(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('fiscal_ingest');
  const app = await benchApp(db.url, { DB_POOL_MAX: '10' });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06148080808080', credentials: false });
    const send = async (b: number) => {
      const items = Array.from({ length: SIZE }, (_, i) => purchaseBody(b * SIZE + i + 1));
      const res = await fetch(`${app.url}/v1/emitters/${issuer.emitterId}/fiscal/purchases/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': `f-${b}-${Math.random()}` },
        body: JSON.stringify({ items }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { results: { status: string }[] };
      return body.results.filter((r) => r.status === 'error').length;
    };
    let errors = 0;
    const t0 = performance.now();
    for (let b = 0; b < BATCHES; b++) errors += await send(b);
    const createS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    for (let b = 0; b < BATCHES; b++) errors += await send(b);
    const unchangedS = (performance.now() - t1) / 1000;
    return {
      records: BATCHES * SIZE,
      batches: BATCHES,
      batch_size: SIZE,
      item_errors: errors,
      create_s: Number(createS.toFixed(2)),
      records_per_s: Math.round((BATCHES * SIZE) / createS),
      resend_unchanged_s: Number(unchangedS.toFixed(2)),
      target_s: 60,
      ok: errors === 0 && createS < 60,
    };
  } finally {
    await app.stop();
    await db.drop();
  }
}
