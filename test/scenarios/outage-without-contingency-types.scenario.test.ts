import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { runCli, startService, waitExit, type Started } from './process-helpers';
import { DOCUMENT_TYPE_EXAMPLES } from '../fixtures/document-type-examples';

jest.setTimeout(180_000);

const EXAMPLES = DOCUMENT_TYPE_EXAMPLES;

/**
 * CL, DCL and CD fix tipoModelo/tipoOperacion to 1: issued while MH is down they are signed normally
 * and wait (never contingency documents, never in the contingency event), then are sent when MH
 * answers again; an FE issued in the same outage goes through contingency as usual.
 */
describe('MH outage with types that are never issued in contingency', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let mh: MhControl;
  let svc: Started;

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
    svc = await startService({
      DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, PORT: '0', MH_SIMULATOR_URL: mh.url, MH_TIMEOUT_MS: '2500', MH_RESEND_LIMIT: '1',
      CONTINGENCY_RECHECK_MS: '500', LOTE_POLL_MS: '300', SYNC_WAIT_MS: '3000', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-out-')),
    });
  });
  afterAll(async () => {
    svc.child.kill('SIGTERM');
    await waitExit(svc.child).catch(() => svc.child.kill('SIGKILL'));
    await sim.close();
    await db.drop();
  });

  it('CL, DCL and CD wait and are sent with tipoModelo 1 once MH answers; the FE goes through contingency', async () => {
    const cli = await runCli(['accounts', 'create', '--name', 'Apagón', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const key = JSON.parse(cli.stdout).keys.test as string;
    const issuer = await createIssuer(svc.url, key, { nit: '06147070707070' });
    // Long enough for the four documents to be issued inside the outage on a loaded machine.
    await mh.fault({ mode: 'down', duration_ms: 15_000 });
    const fe = await request(svc.url, 'POST', '/v1/documents', { key, body: feBody(issuer) });
    expect(fe.body.status).toBe('contingency');
    const waiting: Record<string, any>[] = [];
    for (const type of ['08', '09', '15']) {
      const r = await request(svc.url, 'POST', '/v1/documents', { key, body: { ...EXAMPLES[type], emitter_id: issuer.emitterId } });
      expect({ type, status: r.status, state: r.body.status }).toEqual({ type, status: 202, state: 'sending' });
      waiting.push(r.body);
    }
    const all = [fe.body, ...waiting];
    const final = await waitFor(async () => {
      const docs = await Promise.all(all.map(async (d) => (await request(svc.url, 'GET', `/v1/documents/${d.id}`, { key })).body));
      return docs.every((d) => d.status === 'processed') ? docs : null;
    }, 90_000, 500);
    for (const d of final.slice(1)) {
      expect(d.events.map((e: { type: string }) => e.type)).not.toContain('contingency');
      const file = await request(svc.url, 'GET', `/v1/documents/${d.id}/json`, { key });
      expect(file.body.identificacion).toMatchObject({ tipoModelo: 1, tipoOperacion: 1 });
      expect(await mh.reception(d.generation_code)).toMatchObject({ sealed: 1 });
    }
    const listed = (await mh.events()).filter((e) => e.kind === 'contingency' && e.status === 'RECIBIDO').flatMap((e) => e.documents);
    // A contingency event whose answer timed out on a loaded machine is sent again: the FE may be
    // listed twice, but only the FE is ever listed.
    expect([...new Set(listed)]).toEqual([fe.body.generation_code]);
  });
});
