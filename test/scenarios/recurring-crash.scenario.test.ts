import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { isoWeekday } from '../../src/domain/recurring/recurring-schedule';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(600_000);

/** El Salvador is UTC−6 all year (no daylight saving). */
const SV_OFFSET_MS = -6 * 3600_000;
const minutesToSalvadoranMidnight = () => 24 * 60 - Math.floor((((Date.now() + SV_OFFSET_MS) % 86_400_000) + 86_400_000) % 86_400_000 / 60_000);

/**
 * The services run as processes on the machine's clock, so "today" here must be their today while the
 * recurring documents are created (their start is today): taken at least ten minutes before El
 * Salvador's midnight, waiting for the new day when the test starts closer to it than that.
 */
async function salvadoranDateAwayFromMidnight(): Promise<string> {
  if (minutesToSalvadoranMidnight() <= 10) await waitFor(async () => minutesToSalvadoranMidnight() > 10, 11 * 60_000, 1_000);
  return localDateOf(new Date());
}

/**
 * The real service: a worker killed with SIGKILL during a run of recurring documents and another
 * started: every occurrence issued exactly once. A refused occurrence is recorded, its webhook
 * delivered and its e-mail written, and it is not retried.
 */
describe('worker killed during a recurring run', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let mh: MhControl;
  let receiver: Receiver;
  const procs: Started[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await receiver.close();
    await sim.close();
    await db.drop();
  });

  it('issues every occurrence once, and records a refused one without retrying it', async () => {
    const common = { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, PORT: '0', MH_SIMULATOR_URL: mh.url, JOB_LOCK_LIFETIME_MS: '3000', PROCESS_LEASE_TTL_MS: '3000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
    const api = await startService({ ...common, ROLE: 'api', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-api-')) });
    procs.push(api);
    const cli = await runCli(['accounts', 'create', '--name', 'Recurrentes', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const account = JSON.parse(cli.stdout) as { id?: string; account_id?: string; keys: { test: string } };
    const key = account.keys.test;
    const accountId = account.id ?? account.account_id!;
    const owner = await runCli(['users', 'create', '--account', accountId, '--email', 'duena@example.com', '--password', 'Clave-del-panel-1', '--role', 'owner'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    expect(owner.code).toBe(0);
    expect((await request(api.url, 'POST', '/v1/webhook-endpoints', { key, body: { url: receiver.url, events: ['recurring_document.failed'] } })).status).toBe(201);
    const issuer = await createIssuer(api.url, key, { nit: '06146060606060' });
    const bare = await createIssuer(api.url, key, { nit: '06147070707070', credentials: false });

    // The service's own clock decides what is due: today in El Salvador, weekly on today's weekday.
    const today = await salvadoranDateAwayFromMidnight();
    const schedule = { frequency: 'weekly', weekday: isoWeekday(today) };
    const item = { type: '2', description: 'Cuota', quantity: '1', unit_code: '59', unit_price: '12.00', tax: 'gravada' };
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await request(api.url, 'POST', `/v1/emitters/${issuer.emitterId}/recurring-documents`, {
        key, body: { template: { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', external_id: `CUOTA-${i}`, items: [item] }, schedule, starts_on: today },
      });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const refused = await request(api.url, 'POST', `/v1/emitters/${bare.emitterId}/recurring-documents`, {
      key, body: { template: { emitter_id: bare.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', items: [item] }, schedule, starts_on: today },
    });
    expect(refused.status).toBe(201);

    const c = new Client({ connectionString: db.url });
    await c.connect();
    const workerDir = mkdtempSync(join(tmpdir(), 'dte-w-'));
    try {
      const first = await startService({ ...common, ROLE: 'worker', DATA_DIR: workerDir }, 90_000, /Trabajador DTE listo/);
      procs.push(first);
      // Killed as soon as its run has claimed and begun issuing.
      await waitFor(async () => (await c.query(`select count(*)::int as n from recurring_occurrences where status <> 'issuing' or lease_until is not null`)).rows[0].n >= 1, 60_000, 10);
      first.child.kill('SIGKILL');
      await waitExit(first.child);
      const second = await startService({ ...common, ROLE: 'worker', DATA_DIR: workerDir }, 90_000, /Trabajador DTE listo/);
      procs.push(second);

      await waitFor(async () => (await c.query(`select count(*)::int as n from recurring_occurrences where status in ('issued', 'failed')`)).rows[0].n === ids.length + 1, 120_000, 250).catch(async (err: Error) => {
        const left = (await c.query(`select status, attempts, lease_until from recurring_occurrences where status = 'issuing' limit 3`)).rows;
        const job = (await c.query(`select name, locked_at, next_run_at, last_run_at, last_finished_at, fail_reason from agenda_jobs where name = 'run-recurring-documents'`).catch((e: Error) => ({ rows: [e.message] }))).rows;
        const sessions = (await c.query(`select pid, state, wait_event_type, wait_event, left(query, 200) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows;
        throw new Error(`${err.message}: ${JSON.stringify(left)} ${JSON.stringify(job)} ${JSON.stringify(sessions)} now=${new Date().toISOString()}\n${second.output().slice(-3000)}`);
      });
      const occ = (await c.query<{ recurring_id: string; status: string; document_id: string | null; error_code: string | null }>('select recurring_id, status, document_id, error_code from recurring_occurrences')).rows;
      expect(occ).toHaveLength(ids.length + 1);
      for (const [i, id] of ids.entries()) {
        const o = occ.filter((x) => x.recurring_id === id);
        expect(o).toHaveLength(1);
        expect(o[0].status).toBe('issued');
        const docs = (await c.query<{ id: string; environment: string }>('select id, environment from documents where external_id = $1', [`CUOTA-${i}-${today}`])).rows;
        expect(docs).toEqual([{ id: o[0].document_id, environment: '00' }]);
      }
      expect((await c.query('select count(*)::int as n from documents')).rows[0].n).toBe(ids.length);
      expect(occ.find((x) => x.recurring_id === refused.body.id)).toMatchObject({ status: 'failed', document_id: null, error_code: 'credentials_not_configured' });

      await receiver.waitFor((r) => r.some((x) => (JSON.parse(x.body) as { type: string }).type === 'recurring_document.failed'), 60_000, 'recurring_document.failed');
      const outbox = join(workerDir, 'outbox');
      await waitFor(async () => existsSync(outbox) && readdirSync(outbox).some((f) => readFileSync(join(outbox, f), 'utf8').includes(refused.body.id)), 60_000, 250);
      // Another pass of the job later: the refused date is not tried again (its attempts, 1 or 2 when the killed worker had leased it, stay).
      const attempts = async () => (await c.query<{ attempts: number }>('select attempts from recurring_occurrences where recurring_id = $1', [refused.body.id])).rows[0].attempts;
      const before = await attempts();
      await new Promise((r) => setTimeout(r, 12_000));
      expect(await attempts()).toBe(before);
      expect(receiver.received.filter((x) => (JSON.parse(x.body) as { type: string }).type === 'recurring_document.failed')).toHaveLength(1);
    } finally {
      await c.end();
    }
  });
});
