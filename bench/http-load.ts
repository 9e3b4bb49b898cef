/**
 * Load generator of the end-to-end benchmark, run as its own process so that building requests and
 * parsing answers does not share the service's event loop (as a real client would not).
 * Reads one JSON job on stdin, prints one JSON result on stdout:
 *   job    {url, key, issuer, kind, warmup, count, concurrency}
 *          kind: `issue-fe` | `issue-ccf` (sync POST /v1/documents), `issue-fe-async` (mode=async, 202 or 201), `rest-emitter`
 *          (GET /v1/emitters/{id}), `graphql-emitter` (`emitter(id) { id nit nrc name }`)
 *   result {elapsed_ms, latencies_ms (sorted), statuses: {code: n}, first_error}
 */
import { ccfBody, feBody } from '../test/fixtures/document-bodies';
import type { Issuer } from '../test/support/issuer';
import { runConcurrent } from './bench-support';
import { httpRequest } from './http-client';

export type LoadKind = 'issue-fe' | 'issue-fe-async' | 'issue-ccf' | 'rest-emitter' | 'graphql-emitter';

interface Job {
  url: string;
  key: string;
  issuer: Issuer;
  kind: LoadKind;
  warmup: number;
  count: number;
  concurrency: number;
}

const EMITTER_QUERY = 'query($id: ID!) { emitter(id: $id) { id nit nrc name } }';

/** One request of the job's kind: [expected statuses, URL, request]. */
function requestOf(job: Job): () => [readonly number[], string, { method?: string; headers: Record<string, string>; body?: string }] {
  const auth = { Authorization: `Bearer ${job.key}` };
  switch (job.kind) {
    case 'issue-fe':
    case 'issue-ccf': {
      const body = job.kind === 'issue-fe' ? feBody : ccfBody;
      return () => [[201], `${job.url}/v1/documents`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `b-${Math.random()}` }, body: JSON.stringify(body(job.issuer)) }];
    }
    case 'issue-fe-async':
      // 202 at once; 201 when a worker sealed the document before this request read it back (the spec's 201, processed).
      return () => [[202, 201], `${job.url}/v1/documents?mode=async`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `b-${Math.random()}` }, body: JSON.stringify(feBody(job.issuer)) }];
    case 'rest-emitter':
      return () => [[200], `${job.url}/v1/emitters/${job.issuer.emitterId}`, { headers: auth }];
    case 'graphql-emitter': {
      const body = JSON.stringify({ query: EMITTER_QUERY, variables: { id: job.issuer.emitterId } });
      return () => [[200], `${job.url}/graphql`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body }];
    }
  }
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  const statuses: Record<string, number> = {};
  let firstError: string | null = null;
  const next = requestOf(job);
  const send = async () => {
    const [expected, url, init] = next();
    const res = await httpRequest(url, init);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const failed = !expected.includes(res.status) || (job.kind === 'graphql-emitter' && !res.text.includes('"nit"'));
    if (failed && !firstError) firstError = `${res.status} ${res.text.slice(0, 300)}`;
  };
  await runConcurrent(job.warmup, job.concurrency, send);
  for (const k of Object.keys(statuses)) delete statuses[k];
  const run = await runConcurrent(job.count, job.concurrency, send);
  process.stdout.write(JSON.stringify({ elapsed_ms: run.elapsedMs, latencies_ms: run.latencies, statuses, first_error: firstError }));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
