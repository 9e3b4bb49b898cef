import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { guideBlock, guideBlockNames, localise } from '../support/deploy-guide';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { freePort, postgresBin, startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { startTestApp, TEST_MASTER_KEY } from '../support/test-app';
import type { TestDatabase } from '../support/test-database';
import { ROOT } from './process-helpers';

const run = promisify(execFile);
jest.setTimeout(300_000);

const root = process.getuid?.() === 0;
const asPostgres = (script: string, env: Record<string, string> = {}) =>
  run(root ? 'runuser' : 'bash', root ? ['-u', 'postgres', '--', 'bash', '-ec', script] : ['-ec', script], { env: { ...process.env, ...env, PATH: `${process.env.PATH}` }, timeout: 120_000 });

/** A database of a scratch server, as the test app's `db` option takes it. */
async function scratchDatabase(pg: ScratchPostgres, name: string): Promise<TestDatabase> {
  const c = new Client({ connectionString: pg.url });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  return { name, url: pg.url.replace(/\/postgres$/, `/${name}`), drop: async () => undefined };
}

/** Every command and configuration of docs/deploy.md, run as written (example values replaced by local ones). */
describe('docs/deploy.md, run as written', () => {
  it('every block of the guide is run by some test', () => {
    const tests: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir, { withFileTypes: true })) {
        if (f.isDirectory()) walk(join(dir, f.name));
        else if (f.name.endsWith('.ts')) tests.push(readFileSync(join(dir, f.name), 'utf8'));
      }
    };
    walk(join(ROOT, 'test'));
    const used = new Set(tests.flatMap((t) => [...t.matchAll(/guide(?:Block|Commands)\('([\w.@-]+)'/g)].map((m) => m[1])));
    expect(guideBlockNames().filter((n) => !used.has(n))).toEqual([]);
  });

  it('the systemd units pass systemd-analyze verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dte-units-'));
    for (const unit of ['dte-api@.service', 'dte-worker@.service']) {
      writeFileSync(join(dir, unit), localise(guideBlock(unit), { '/usr/bin/node': process.execPath }));
      const instance = unit.replace('@.service', '@1.service');
      const out = await run('systemd-analyze', ['verify', join(dir, instance)]).catch((err: { stdout: string; stderr: string }) => ({ stdout: err.stdout, stderr: `${err.stderr}\n(falló)` }));
      expect(out.stderr.trim()).toBe('');
    }
  });

  describe('on a PostgreSQL of the test\'s own', () => {
    let pg: ScratchPostgres;
    let walDir: string;
    let work: string;
    let sim: MhSimulator;
    // One MH for every service the tests start (a restored database's issuers are enrolled there).
    let mhEnv: Record<string, string>;
    beforeAll(async () => {
      sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
      mhEnv = { MH_SIMULATOR_URL: await sim.listen(0), WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
      work = mkdtempSync(join(tmpdir(), 'dte-guide-'));
      chmodSync(work, 0o777);
      walDir = join(work, 'wal');
      mkdirSync(walDir, { mode: 0o777 });
      if (root) chownSync(walDir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
      // The guide's WAL archiving settings, every one of them (quoted values stay quoted for pg_ctl's shell).
      const settings: Record<string, string> = {};
      for (const line of localise(guideBlock('wal-archiving.conf'), { '/var/backups/dte/wal': walDir }).split('\n')) {
        const m = /^\s*(\w+)\s*=\s*(.+?)\s*$/.exec(line.replace(/^\s*#.*$/, ''));
        if (m) settings[m[1]] = m[2];
      }
      expect(Object.keys(settings)).toEqual(['wal_level', 'archive_mode', 'archive_command', 'archive_timeout']);
      pg = await startScratchPostgres(settings);
    });
    afterAll(async () => {
      await pg?.destroy();
      await sim?.close();
    });

    it('rotates the master key while the service would run, and every secret opens with the new key alone', async () => {
      const db = await scratchDatabase(pg, 'dte_rotation');
      const first = await startTestApp(mhEnv, { db });
      const issuer = await createIssuer(first.url, first.account.testKey, { nit: '06149191919191' });
      const hook = await request(first.url, 'POST', '/v1/webhook-endpoints', { key: first.account.testKey, body: { url: 'http://127.0.0.1:9/dte', events: ['document.processed'] } });
      expect(hook.status).toBe(201);
      await first.stop();

      // The guide's block as written; the test's own last line hands it the new key.
      const script = `${guideBlock('master-key-rotation')}\necho "NEW_KEY=$NEW_KEY" >&2\n`;
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: db.url, OLD_KEY: TEST_MASTER_KEY };
      const { stdout, stderr } = await run('bash', ['-ec', script], { cwd: ROOT, env, timeout: 120_000 });
      const report = JSON.parse(stdout.trim().split('\n').pop()!);
      expect(report.unreadable).toBe(0);
      // The private key, its password, the MH password and the webhook secret at least.
      expect(report.resealed).toBeGreaterThanOrEqual(4);
      const newKey = /NEW_KEY=([0-9a-f]{64})/.exec(stderr)![1];
      expect(newKey).not.toBe(TEST_MASTER_KEY);
      // Run again: nothing left to re-seal.
      const again = JSON.parse((await run('bash', ['-ec', `DTE_MASTER_KEY=${newKey} DTE_MASTER_KEY_PREVIOUS=${TEST_MASTER_KEY} npm run -s cli -- master-key rotate --json`], { cwd: ROOT, env, timeout: 120_000 })).stdout);
      expect(again).toMatchObject({ resealed: 0, unreadable: 0 });
      expect(again.already_current).toBeGreaterThanOrEqual(4);
      // The service with the new key alone: the certificate signs, the MH password logs in, the webhook secret signs.
      const rotated = await startTestApp({ ...mhEnv, DTE_MASTER_KEY: newKey }, { db, account: first.account });
      try {
        expect((await request(rotated.url, 'POST', '/v1/documents?mode=sync', { key: first.account.testKey, body: ccfBody(issuer) })).status).toBe(201);
        const test = await request(rotated.url, 'POST', `/v1/webhook-endpoints/${hook.body.id}/test`, { key: first.account.testKey });
        expect(test.status).toBe(200);
      } finally {
        await rotated.stop();
      }
    });

    it('restores a pg_dump into an empty database; the service runs on it with the same master key', async () => {
      const db = await scratchDatabase(pg, 'dte_dumped');
      const app = await startTestApp(mhEnv, { db });
      const issuer = await createIssuer(app.url, app.account.testKey, { nit: '06149292929292' });
      expect((await request(app.url, 'POST', '/v1/documents?mode=sync', { key: app.account.testKey, body: ccfBody(issuer) })).status).toBe(201);
      await asPostgres(`cd ${work} && ${localise(guideBlock('pg-dump').trim(), { 'dte-$(date +%F).dump': 'dte-copia.dump' })}`, { DATABASE_URL: db.url });
      await app.stop();
      const restored = await scratchDatabase(pg, 'dte_restored');
      await asPostgres(`cd ${work} && ${localise(guideBlock('pg-restore').trim(), { 'dte-2026-12-01.dump': 'dte-copia.dump' })}`, { RESTORE_URL: restored.url });
      expect((await dbRows<{ n: number }>(restored.url, 'select count(*)::int as n from documents'))[0].n).toBe(1);
      const again = await startTestApp(mhEnv, { db: restored, account: app.account });
      try {
        // Its sealed private key and MH password open: a new document is signed and sealed.
        const r = await request(again.url, 'POST', '/v1/documents?mode=sync', { key: app.account.testKey, body: ccfBody(issuer) });
        expect(r.status).toBe(201);
      } finally {
        await again.stop();
      }
    });

    it('recovers the database as it was at a moment, from a base backup and the WAL archive', async () => {
      const db = await scratchDatabase(pg, 'dte_pitr');
      const app = await startTestApp(mhEnv, { db });
      const issuer = await createIssuer(app.url, app.account.testKey, { nit: '06149393939393' });
      const base = join(work, 'base');
      await asPostgres(localise(guideBlock('base-backup').trim(), { '/var/backups/dte/base': base }), { DATABASE_URL: pg.url });
      const before = await request(app.url, 'POST', '/v1/documents?mode=sync', { key: app.account.testKey, body: ccfBody(issuer) });
      expect(before.status).toBe(201);
      const [{ t }] = await dbRows<{ t: string }>(db.url, `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t from (select pg_sleep(0.01)) s`);
      const after = await request(app.url, 'POST', '/v1/documents?mode=sync', { key: app.account.testKey, body: ccfBody(issuer) });
      expect(after.status).toBe(201);
      await app.stop();
      await dbRows(pg.url, 'select pg_switch_wal()');
      await dbRows(pg.url, 'checkpoint');
      const port = await freePort();
      const recovered = join(work, 'recovered');
      const script = localise(guideBlock('point-in-time-recovery'), {
        '/var/backups/dte/base': base,
        '/var/lib/postgresql/15/recovered': recovered,
        '/var/backups/dte/wal': walDir,
        "'2026-12-01 14:30:00-06'": `'${t}'`,
        '/usr/lib/postgresql/15/bin/pg_ctl': postgresBin('pg_ctl'),
      }).replace(/ start$/m, ` -o "-p ${port} -k ${work} -c archive_mode=off -c max_connections=200" -l ${join(work, 'recovered.log')} -w start`);
      await asPostgres(script).catch((err: { stderr?: string; message: string }) => {
        throw new Error(`${err.message}\n${err.stderr ?? ''}\n${readFileSync(join(work, 'recovered.log'), 'utf8')}`);
      });
      try {
        const url = `postgres://postgres@127.0.0.1:${port}/dte_pitr`;
        const ids = (await dbRows<{ id: string }>(url, 'select id from documents')).map((r) => r.id);
        expect(ids).toContain(before.body.id);
        expect(ids).not.toContain(after.body.id);
      } finally {
        await asPostgres(`${postgresBin('pg_ctl')} --pgdata=${recovered} -m immediate stop`).catch(() => undefined);
      }
    });
  });
});
