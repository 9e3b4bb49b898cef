import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { TEST_MASTER_KEY } from '../support/test-app';
import { runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(600_000);

/**
 * `cli backup` / `cli restore` of the embedded data: refused while the service runs, a round trip
 * into a fresh DATA_DIR gives a service with the same documents that still issues (the master key
 * travels with the copy), and a DATA_DIR whose database no longer opens stops `npm start` with the
 * restore command, which then brings it back.
 */
describe('backup and restore of the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'dte-backup-'));
  const original = join(work, 'original');
  const fresh = join(work, 'fresh');
  const copy = join(work, 'copia.tar.gz');
  const procs: Started[] = [];
  let issuer: Issuer;
  let apiKey: string;
  const ids: string[] = [];

  const start = async (dataDir: string) => {
    const s = await startService({ DATA_DIR: dataDir, PORT: '0' }, 180_000);
    procs.push(s);
    return s;
  };
  const stop = async (s: Started) => {
    s.child.kill('SIGTERM');
    expect(await waitExit(s.child, 60_000)).toBe(0);
  };
  /** Every earlier document is there and a new sync issuance is sealed (the restored credentials open with the restored key). */
  const check = async (s: Started) => {
    expect(s.key).toBe(apiKey);
    for (const id of ids) expect((await request(s.url, 'GET', `/v1/documents/${id}`, { key: apiKey })).status).toBe(200);
    const r = await request(s.url, 'POST', '/v1/documents?mode=sync', { key: apiKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('processed');
    return r.body.id as string;
  };

  afterAll(() => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  });

  it('refuses while the service runs, then copies the stopped DATA_DIR', async () => {
    const s = await start(original);
    apiKey = s.key!;
    issuer = await createIssuer(s.url, apiKey, { nit: '06143434343434' });
    for (let i = 0; i < 2; i++) ids.push((await check(s)) as string);

    const live = await runCli(['backup', '--out', copy], { DATA_DIR: original });
    expect(live.code).toBe(1);
    expect(live.stderr).toMatch(new RegExp(`El proceso ${s.child.pid} tiene abierta la base embebida.*Deténgalo`));
    expect(existsSync(copy)).toBe(false);

    await stop(s);
    const done = await runCli(['backup', '--out', copy, '--json'], { DATA_DIR: original });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ out: copy, documents: 2 });
    // A copy never overwrites another.
    const again = await runCli(['backup', '--out', copy], { DATA_DIR: original });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/ya existe/);
  });

  it('restores into a fresh DATA_DIR where the service starts with the same documents and keeps issuing', async () => {
    const r = await runCli(['restore', '--in', copy, '--json'], { DATA_DIR: fresh });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ documents: 2, replaced: [] });
    const s = await start(fresh);
    await check(s);
    await stop(s);

    // A second restore over it is refused unless --replace, and changes nothing.
    const before = readdirSync(fresh).sort();
    const refused = await runCli(['restore', '--in', copy], { DATA_DIR: fresh });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/ya tiene .*pgdata.*no se restauró nada.*--replace/);
    expect(readdirSync(fresh).sort()).toEqual(before);
  });

  it('stops npm start with the restore command when the database files are damaged, and the restore brings it back', async () => {
    const wal = join(original, 'pgdata', 'pg_wal');
    for (const f of readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(f)) rmSync(join(wal, f));
    const broken = startService({ DATA_DIR: original, PORT: '0' }, 300_000);
    const err = ((await broken.catch((e: Error) => e)) as Error).message;
    expect(err).toMatch(/el servicio terminó \(1\)/);
    expect(err).toMatch(/La base embebida en .* no se pudo abrir/);
    expect(err).toContain(`DATA_DIR=${original} npm run -s cli -- restore --in COPIA.tar.gz --replace`);
    expect(err).not.toMatch(/\n\s+at |Aborted|RuntimeError/);

    const r = await runCli(['restore', '--in', copy, '--replace', '--json'], { DATA_DIR: original });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).replaced).toEqual(expect.arrayContaining([expect.stringMatching(/^pgdata\.reemplazado-/)]));
    const s = await start(original);
    await check(s);
    await stop(s);
  });

  it('points to pg_dump and pg_restore with DATABASE_URL, and in the help', async () => {
    const r = await runCli(['backup', '--out', join(work, 'x.tar.gz')], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', DTE_MASTER_KEY: TEST_MASTER_KEY });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pg_dump --format=custom/);
    expect(existsSync(join(work, 'x.tar.gz'))).toBe(false);
    const help = await runCli(['--help'], {});
    expect(help.stderr).toMatch(/backup .*\n.*--out/);
    expect(help.stderr).toMatch(/pg_restore --clean --if-exists --no-owner/);
  });
});
