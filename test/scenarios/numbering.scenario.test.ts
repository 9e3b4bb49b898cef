import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(300_000);

/**
 * Two service processes on one PostgreSQL issue 800 documents at once (400 each, 16 in flight per
 * process, two establishments/points of sale and centralized numbering for a second issuer): the
 * control numbers of every counter are 1..n with no gap and no duplicate.
 */
describe('control numbers under concurrency', () => {
  let db: TestDatabase;
  const procs: Started[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, PORT: '0', ROLE: 'api', RATE_LIMIT_PER_MINUTE: '0', DB_POOL_MAX: '12' };
    // One in-process MH simulator is enough for credentials; the API processes do not transmit (ROLE=api).
    procs.push(await startService({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-n1-')) }));
    procs.push(await startService({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-n2-')) }));
  });

  afterAll(async () => {
    for (const p of procs) {
      p.child.kill('SIGTERM');
      await waitExit(p.child).catch(() => p.child.kill('SIGKILL'));
    }
    await db.drop();
  });

  it('800 documents from two processes: gapless and unique per counter', async () => {
    const cli = await runCli(['accounts', 'create', '--name', 'Numeración', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const key = JSON.parse(cli.stdout).keys.test as string;
    const [a, b] = procs;
    const perEstablishment = await createIssuer(a.url, key, { nit: '06141111111110' });
    const centralized = await createIssuer(a.url, key, { nit: '06142222222220', emitter: { numbering: 'centralized' } });
    const bodies = Array.from({ length: 800 }, (_, i) => {
      const issuer = i % 2 === 0 ? perEstablishment : centralized;
      return ccfBody(issuer, { point_of_sale: i % 4 < 2 ? 'P001' : 'P002' });
    });
    let next = 0;
    const failures: string[] = [];
    const worker = async (url: string) => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const r = await request(url, 'POST', '/v1/documents?mode=async', { key, body });
        if (r.status !== 202 && r.status !== 201) failures.push(`${r.status} ${r.text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, i) => worker(i % 2 === 0 ? a.url : b.url)));
    expect(failures).toEqual([]);

    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const rows = (await c.query<{ emitter_id: string; control_number: string }>('select emitter_id, control_number from documents')).rows;
      expect(rows).toHaveLength(800);
      for (const emitterId of [perEstablishment.emitterId, centralized.emitterId]) {
        const mine = rows.filter((r) => r.emitter_id === emitterId).map((r) => r.control_number);
        expect(new Set(mine).size).toBe(400);
      }
      const sequences = new Map<string, number[]>();
      for (const r of rows) {
        const m = /^DTE-03-(M001)(P00\d)-(\d{15})$/.exec(r.control_number)!;
        const scope = r.emitter_id === centralized.emitterId ? `${r.emitter_id}|*` : `${r.emitter_id}|${m[1]}${m[2]}`;
        sequences.set(scope, [...(sequences.get(scope) ?? []), Number(m[3])]);
      }
      expect([...sequences.keys()].sort()).toEqual([`${centralized.emitterId}|*`, `${perEstablishment.emitterId}|M001P001`, `${perEstablishment.emitterId}|M001P002`].sort());
      for (const [, seq] of sequences) {
        seq.sort((x, y) => x - y);
        expect(seq).toEqual(Array.from({ length: seq.length }, (_, i) => i + 1));
      }
      expect(sequences.get(`${centralized.emitterId}|*`)).toHaveLength(400);
      const posCounts = (await c.query<{ code: string; documents_count: number }>(`select p.code, p.documents_count from points_of_sale p join establishments e on e.id = p.establishment_id where e.emitter_id = $1 order by p.code`, [perEstablishment.emitterId])).rows;
      expect(posCounts).toEqual([{ code: 'P001', documents_count: 200 }, { code: 'P002', documents_count: 200 }]);
    } finally {
      await c.end();
    }
  });
});
