/**
 * kill -9 of the service in the middle of a bulk issuance (ADR 0074), then the same batch sent again
 * with its key (as the panel does when the same file is uploaded again): every document exists once,
 * those issued before the kill keep their ids and numbers, the rest are issued, and the control
 * numbers have no gap.
 *
 * Deterministic: the second emitter's control-number counter is row-locked by the test, so the batch
 * stops exactly at its first document of that emitter, with the first emitter's documents committed;
 * the kill comes then, whatever the machine's speed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { feBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request, type ApiResponse } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, startSimulator, waitExit, type Started } from './process-helpers';

jest.setTimeout(420_000);

const FIRST = 30;
const SECOND = 20;

async function retryUntilResolved(url: string, apiKey: string, body: unknown, key: string, deadline: number): Promise<ApiResponse> {
  for (;;) {
    const r = await request(url, 'POST', '/v1/documents/batch', { key: apiKey, body, idempotencyKey: key });
    if (r.status !== 409 || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after') ?? '1') * 1000));
  }
}

describe('kill -9 of the service during a bulk issuance, then the same batch again', () => {
  let db: TestDatabase;
  let sim: { child: ChildProcess; url: string };
  const procs: Started[] = [];
  let locker: Client | null = null;

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    sim?.child.kill('SIGKILL');
    await db?.drop();
  });

  it('issues nothing twice: the documents issued before the kill answer again, the rest are issued once, numbers without gaps', async () => {
    db = await createTestDatabase();
    sim = await startSimulator(mkdtempSync(join(tmpdir(), 'dte-sim-')));
    const env = {
      DATABASE_URL: db.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      PORT: '0',
      MH_SIMULATOR_URL: sim.url,
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-bulk-')),
    };
    const first = await startService(env, 120_000, null, { detached: true });
    procs.push(first);
    const cli = await runCli(['accounts', 'create', '--name', 'Emisión masiva con caída', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const apiKey = JSON.parse(cli.stdout).keys.test as string;
    const a = await createIssuer(first.url, apiKey, { nit: '06141313131313' });
    const b = await createIssuer(first.url, apiKey, { nit: '06141414141414' });
    // The second emitter's counter exists (one document), then the test holds its row.
    const seed = await request(first.url, 'POST', '/v1/documents?mode=async', { key: apiKey, body: feBody(b, { external_id: 'SEMILLA' }) });
    expect(seed.status).toBe(202);
    locker = new Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select * from control_number_counters where emitter_id = $1 for update', [b.emitterId]);

    const documents = [
      ...Array.from({ length: FIRST }, (_, i) => feBody(a, { external_id: `CSV-A-${i}` })),
      ...Array.from({ length: SECOND }, (_, i) => feBody(b, { external_id: `CSV-B-${i}` })),
    ];
    const key = 'csv-0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0-0';
    let answered: ApiResponse | null = null;
    const inFlight = request(first.url, 'POST', '/v1/documents/batch', { key: apiKey, body: { documents }, idempotencyKey: key }).then(
      (r) => (answered = r),
      () => null, // the connection dies with the process
    );
    // Every document of the first emitter committed; the batch waits on the second emitter's counter.
    await waitFor(async () => (await dbRows<{ n: number }>(db.url, `select count(*)::int as n from documents where emitter_id = $1`, [a.emitterId]))[0].n === FIRST, 180_000, 50);
    const before = await dbRows<{ id: string; external_id: string; control_number: string }>(db.url, 'select id, external_id, control_number from documents where emitter_id = $1 order by external_id', [a.emitterId]);
    killGroup(first.child);
    await waitExit(first.child);
    await inFlight;
    expect(answered).toBeNull();
    await locker.query('rollback');
    await locker.end();
    locker = null;
    expect((await dbRows<{ n: number }>(db.url, 'select count(*)::int as n from documents where emitter_id = $1', [b.emitterId]))[0].n).toBe(1);

    const second = await startService(env, 120_000, null, { detached: true });
    procs.push(second);
    const retry = await retryUntilResolved(second.url, apiKey, { documents }, key, Date.now() + 90_000);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ count: FIRST + SECOND, succeeded: FIRST + SECOND, failed: 0 });
    expect(retry.body.results.map((r: any) => r.external_id)).toEqual(documents.map((d) => d.external_id));

    const docs = await dbRows<{ id: string; emitter_id: string; external_id: string; control_number: string }>(db.url, 'select id, emitter_id, external_id, control_number from documents order by control_number');
    expect(docs).toHaveLength(1 + FIRST + SECOND);
    expect(new Set(docs.map((d) => d.external_id)).size).toBe(docs.length);
    // What the first run issued answers again, the same documents with the same numbers.
    for (const d of before) {
      const r = retry.body.results.find((x: any) => x.external_id === d.external_id);
      expect([r.document.id, r.document.control_number]).toEqual([d.id, d.control_number]);
    }
    for (const emitter of [a.emitterId, b.emitterId]) {
      const numbers = docs.filter((d) => d.emitter_id === emitter).map((d) => Number(d.control_number.slice(-15))).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }

    // Sent once more (the same file uploaded again): the stored answer, nothing new.
    const again = await request(second.url, 'POST', '/v1/documents/batch', { key: apiKey, body: { documents }, idempotencyKey: key });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.results.map((r: any) => r.document.id)).toEqual(retry.body.results.map((r: any) => r.document.id));
    expect((await dbRows<{ n: number }>(db.url, 'select count(*)::int as n from documents'))[0].n).toBe(docs.length);

    second.child.kill('SIGTERM');
    expect(await waitExit(second.child)).toBe(0);
  });
});
