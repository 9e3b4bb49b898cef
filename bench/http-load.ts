/**
 * Load generator of the end-to-end benchmark, run as its own process so that building requests and
 * parsing answers does not share the service's event loop (as a real client would not).
 * Reads one JSON job on stdin, prints one JSON result on stdout:
 *   job    {url, key, issuer, warmup, count, concurrency}
 *   result {elapsed_ms, latencies_ms (sorted), statuses: {code: n}, first_error}
 */
import { ccfBody } from '../test/fixtures/document-bodies';
import type { Issuer } from '../test/support/issuer';
import { runConcurrent } from './bench-support';

interface Job {
  url: string;
  key: string;
  issuer: Issuer;
  warmup: number;
  count: number;
  concurrency: number;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  const statuses: Record<string, number> = {};
  let firstError: string | null = null;
  const post = async () => {
    const res = await fetch(`${job.url}/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${job.key}`, 'Content-Type': 'application/json', 'Idempotency-Key': `b-${Math.random()}` },
      body: JSON.stringify(ccfBody(job.issuer)),
    });
    const text = await res.text();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 201 && !firstError) firstError = `${res.status} ${text.slice(0, 300)}`;
  };
  await runConcurrent(job.warmup, job.concurrency, post);
  for (const k of Object.keys(statuses)) delete statuses[k];
  const run = await runConcurrent(job.count, job.concurrency, post);
  process.stdout.write(JSON.stringify({ elapsed_ms: run.elapsedMs, latencies_ms: run.latencies, statuses, first_error: firstError }));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
