import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(180_000);

/**
 * A worker killed with SIGKILL while MH is still answering its transmissions: after a new worker
 * starts, every document ends processed, sealed exactly once at MH (the simulator counts receptions).
 */
describe('worker killed mid-transmission', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let mh: MhControl;
  const procs: Started[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    const url = await sim.listen(0);
    mh = new MhControl(url);
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await sim.close();
    await db.drop();
  });

  it('loses nothing and seals nothing twice', async () => {
    const common = { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, PORT: '0', MH_SIMULATOR_URL: mh.url, MH_TIMEOUT_MS: '3000', MH_RESEND_LIMIT: '0' };
    const api = await startService({ ...common, ROLE: 'api', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-api-')) });
    procs.push(api);
    const cli = await runCli(['accounts', 'create', '--name', 'Caída', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const key = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(api.url, key, { nit: '06145050505050' });

    await mh.fault({ mode: 'latency', ms: 1500, count: 1000, paths: ['/fesv/recepciondte'] });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await request(api.url, 'POST', '/v1/documents?mode=async', { key, body: ccfBody(issuer) });
      expect(r.status).toBe(202);
      ids.push(r.body.id);
    }
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const worker = await startService({ ...common, ROLE: 'worker', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-w1-')) }, 60_000, /Trabajador DTE listo/);
      procs.push(worker);
      // Kill it while transmissions are in flight (MH holds each answer 1.5 s).
      await waitFor(async () => (await c.query(`select count(*)::int as n from documents where status = 'sending'`)).rows[0].n >= 2, 30_000, 50);
      worker.child.kill('SIGKILL');
      await waitExit(worker.child);
      await mh.clear();
      const second = await startService({ ...common, ROLE: 'worker', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-w2-')) }, 60_000, /Trabajador DTE listo/);
      procs.push(second);
      await waitFor(async () => (await c.query(`select count(*)::int as n from documents where status = 'processed'`)).rows[0].n === ids.length, 90_000, 250);
      const rows = (await c.query<{ generation_code: string; reception_stamp: string }>('select generation_code, reception_stamp from documents')).rows;
      const receptions = await mh.receptions();
      for (const r of rows) {
        const rec = receptions.find((x) => x.generation_code === r.generation_code);
        expect(rec).toMatchObject({ sealed: 1 });
        expect(r.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
      }
      second.child.kill('SIGTERM');
      expect(await waitExit(second.child)).toBe(0);
    } finally {
      await c.end();
      api.child.kill('SIGTERM');
      await waitExit(api.child);
    }
  });
});
