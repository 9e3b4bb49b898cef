import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(180_000);

/**
 * MH down (a 10-minute outage compressed to 8 s of real time: the service's timeouts and recheck
 * intervals are scaled down the same way) while documents keep being issued: every document passes
 * through contingency and ends processed, sealed once, after the contingency event and its lotes.
 */
describe('MH outage', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let mh: MhControl;
  let svc: Started;

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
    svc = await startService({
      DATABASE_URL: db.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      PORT: '0',
      MH_SIMULATOR_URL: mh.url,
      MH_TIMEOUT_MS: '2500',
      MH_RESEND_LIMIT: '2',
      CONTINGENCY_RECHECK_MS: '500',
      LOTE_POLL_MS: '300',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-out-')),
    });
  });
  afterAll(async () => {
    svc.child.kill('SIGTERM');
    await waitExit(svc.child).catch(() => svc.child.kill('SIGKILL'));
    await sim.close();
    await db.drop();
  });

  it('every document passes through contingency and ends processed, sealed once', async () => {
    const cli = await runCli(['accounts', 'create', '--name', 'Apagón', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const key = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(svc.url, key, { nit: '06146060606060' });
    const before = await request(svc.url, 'POST', '/v1/documents', { key, body: ccfBody(issuer) });
    expect(before.status).toBe(201);

    await mh.fault({ mode: 'down', duration_ms: 8000 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await request(svc.url, 'POST', '/v1/documents', { key, body: i % 2 ? feBody(issuer) : ccfBody(issuer) });
      expect(r.status).toBe(202);
      expect(r.body.status).toBe('contingency');
      ids.push(r.body.id);
    }
    const contingencies = await request(svc.url, 'GET', '/v1/contingencies', { key });
    expect(contingencies.body.data).toEqual([expect.objectContaining({ object: 'contingency', status: 'open', documents_held: 20, emitter_id: issuer.emitterId })]);

    let last: Array<Record<string, any>> = [];
    const final = await waitFor(async () => {
      last = await Promise.all(ids.map(async (id) => (await request(svc.url, 'GET', `/v1/documents/${id}`, { key })).body));
      return last.every((d) => d.status === 'processed') ? last : null;
    }, 90_000, 500).catch(async (e) => {
      const cont = await request(svc.url, 'GET', '/v1/contingencies', { key });
      const pending = last.filter((d) => d.status !== 'processed').map((d) => ({ id: d.id, status: d.status, events: d.events }));
      throw new Error(`${(e as Error).message}\n${JSON.stringify({ pending, contingencies: cont.body, mhEvents: await mh.events() }, null, 1)}\n${svc.output().slice(-4000)}`);
    });
    const receptions = await mh.receptions();
    for (const d of final) {
      expect(d.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
      expect(d.events.map((e: { type: string }) => e.type)).toContain('contingency');
      expect(receptions.find((r) => r.generation_code === d.generation_code)).toMatchObject({ sealed: 1 });
    }
    const events = (await mh.events()).filter((e) => e.kind === 'contingency' && e.status === 'RECIBIDO');
    expect(new Set(events.flatMap((e) => e.documents))).toEqual(new Set(final.map((d) => d.generation_code)));
    const done = await request(svc.url, 'GET', '/v1/contingencies?status=completed', { key });
    expect(done.body.data[0]).toMatchObject({ status: 'completed', documents_held: 0, event_status: 'accepted', lotes: [expect.objectContaining({ documents: 20, status: 'done' })] });
    expect(done.body.data[0].event_deadline).toEqual(expect.any(String));
  });
});
