/**
 * A recurring job whose lock was left by a worker that died, due a few seconds after the new worker
 * takes it over: the new worker runs it (Agenda drops a job whose lock expired while it waited for
 * its turn without releasing its slot, agenda/agenda#1413; the poll interval stays under the lock
 * lifetime so a job is never locked that far ahead).
 */
import { Client } from 'pg';
import pino from 'pino';
import { createAgenda, defineJobs, pollIntervalMs } from '../../../jobs/agenda-queue';
import type { AnyJobDefinition } from '../../../jobs/job-definition';
import { waitFor } from '../../support/mh-control';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

jest.setTimeout(60_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

it.each([
  [5_000, 3_000, 1_000],
  [5_000, 60_000, 5_000],
  [1_000, 1_000, 333],
  [1_000, 300, 250],
])('pollIntervalMs(%i, lifetime %i) = %i', (backend, lifetime, expected) => {
  expect(pollIntervalMs(backend, lifetime)).toBe(expected);
});

it('a job locked by a dead worker and due after the lock lifetime runs on the worker that takes it over', async () => {
  const logger = pino({ level: 'silent' });
  const { agenda, close } = await createAgenda({ backend: { kind: 'postgres', pool: { connectionString: db.url }, embedded: false }, name: 'worker-nuevo', concurrency: 2, poolMax: 4, lockLifetimeMs: 3_000, logger: logger as never });
  const runs: number[] = [];
  const job = { name: 'sweep-fiscal-work', every: '1 hour', concurrency: 1, run: async () => void runs.push(Date.now()) } as unknown as AnyJobDefinition;
  defineJobs(agenda, [job], logger as never, 3_000, 2);
  await agenda.every('1 hour', 'sweep-fiscal-work', undefined, { skipImmediate: true });
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    // The dead worker's lock: taken 3.5 s ago (expired), the next run 4 s from now.
    await c.query(`update agenda_jobs set locked_at = now() - interval '3500 milliseconds', next_run_at = now() + interval '4 seconds', last_modified_by = 'worker-muerto' where name = 'sweep-fiscal-work'`);
    await agenda.start();
    await waitFor(async () => runs.length > 0, 30_000, 100);
    expect(runs).toHaveLength(1);
  } finally {
    await c.end();
    await close();
  }
});
