import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emitterBody } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, waitExit } from './process-helpers';

jest.setTimeout(180_000);

describe('npm start with the embedded defaults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-start-'));

  it('starts on PGlite, prints the URLs and a working test key, serves the CLI while running, stops on SIGTERM, and keeps its data', async () => {
    const first = await startService({ DATA_DIR: dataDir, PORT: '0' });
    expect(first.output()).toMatch(/GraphQL:\s+http:\/\/127\.0\.0\.1:\d+\/graphql/);
    expect((await request(first.url, 'GET', '/healthz')).status).toBe(200);
    // The in-process MH simulator's URL is printed, and its control API answers there.
    const simulator = first.output().match(/Simulador MH:\s+(http:\/\/127\.0\.0\.1:\d+)/)?.[1];
    expect(simulator).toBeDefined();
    expect((await fetch(`${simulator}/__control/receptions`)).status).toBe(200);
    const created = await request(first.url, 'POST', '/v1/emitters', { key: first.key!, body: emitterBody() });
    expect(created.status).toBe(201);
    const g = await graphql(first.url, first.key!, 'query($id: ID!) { emitter(id: $id) { nit } }', { id: created.body.id });
    expect(g.body.data.emitter.nit).toBe(emitterBody().nit);
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
    // Concurrent requests open several pool connections onto the one PGlite session: statements
    // must not collide there (no named prepared statements on the embedded database).
    const burst = await Promise.all(Array.from({ length: 16 }, () => request(first.url, 'GET', `/v1/emitters/${created.body.id}`, { key: first.key! })));
    expect(burst.map((r) => r.status)).toEqual(Array(16).fill(200));

    // The CLI reaches the running service's embedded database through its local socket.
    const cli = await runCli(['accounts', 'create', '--name', 'Acme', '--json'], { DATA_DIR: dataDir });
    expect(cli.code).toBe(0);
    const acct = JSON.parse(cli.stdout);
    expect(acct).toEqual({ account_id: expect.stringMatching(/^acct_/), keys: { test: expect.stringMatching(/^sk_test_[0-9A-Za-z]{24,}$/), live: expect.stringMatching(/^sk_live_[0-9A-Za-z]{24,}$/) } });
    expect((await request(first.url, 'GET', '/v1/emitters', { key: acct.keys.test })).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await waitExit(first.child)).toBe(0);

    // While stopped, the CLI opens the database itself.
    const keys = await runCli(['keys', 'list', '--account', acct.account_id, '--json'], { DATA_DIR: dataDir });
    expect(keys.code).toBe(0);
    expect(JSON.parse(keys.stdout).data).toHaveLength(2);

    const second = await startService({ DATA_DIR: dataDir, PORT: '0' });
    expect(second.key).toBe(first.key);
    const again = await request(second.url, 'GET', `/v1/emitters/${created.body.id}`, { key: second.key! });
    expect(again.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await waitExit(second.child)).toBe(0);
  });
});

describe('npm start and signals', () => {
  it('SIGTERM to the npm process stops the service it runs: nothing of the group is left, the port is free and the data opens again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dte-start-signal-'));
    const started = await startService({ DATA_DIR: dataDir, PORT: '0' }, 120_000, null, { npm: true, detached: true });
    try {
      expect((await request(started.url, 'GET', '/healthz')).status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await waitExit(started.child)).toBe(0);
      // The whole process group is gone (an `sh` that swallowed the signal would leave the service running).
      await waitUntil(() => !groupAlive(started.child.pid!));
      await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
      const again = await startService({ DATA_DIR: dataDir, PORT: '0' });
      expect(again.key).toBe(started.key);
      again.child.kill('SIGTERM');
      expect(await waitExit(again.child)).toBe(0);
    } finally {
      killGroup(started.child);
    }
  });
});

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start with DATABASE_URL', () => {
  it('applies migrations on a real PostgreSQL, creates no demo user nor key, prints no secret and says accounts come from the CLI', async () => {
    const db = await createTestDatabase();
    try {
      const env = { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, PORT: '0', NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-pg-')) };
      const s = await startService(env);
      expect(s.key).toBeNull();
      expect(s.output()).not.toMatch(/Test API key|sk_test_|sk_live_|contraseña|demo@/);
      expect(s.output()).toMatch(/^Cuentas, usuarios y llaves: se crean con la CLI/m);
      expect(await dbRows(db.url, 'select email from users')).toEqual([]);
      expect(await dbRows(db.url, 'select id from api_keys')).toEqual([]);
      expect(await dbRows(db.url, 'select id from accounts')).toEqual([]);
      // An account and its keys from the CLI work at once.
      const cli = await runCli(['accounts', 'create', '--name', 'Operador', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
      const key = JSON.parse(cli.stdout).keys.test;
      const r = await request(s.url, 'POST', '/v1/emitters', { key, body: emitterBody() });
      expect(r.status).toBe(201);
      s.child.kill('SIGTERM');
      expect(await waitExit(s.child)).toBe(0);
      // A second start creates nothing either.
      const again = await startService(env);
      expect(again.output()).not.toMatch(/Test API key|contraseña|demo@/);
      expect(await dbRows(db.url, 'select email from users')).toEqual([]);
      again.child.kill('SIGTERM');
      expect(await waitExit(again.child)).toBe(0);
    } finally {
      await db.drop();
    }
  });
});

describe('configuration errors', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }, 'DTE_MASTER_KEY'],
    [{ DTE_MASTER_KEY: 'short' }, 'DTE_MASTER_KEY'],
    [{ ROLE: 'worker' }, 'ROLE'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE'],
  ])('%j stops the start naming %s', async (env, name) => {
    const s = startService({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-bad-')) }, 30_000);
    await expect(s).rejects.toThrow(new RegExp(`${name}`));
  });
});
