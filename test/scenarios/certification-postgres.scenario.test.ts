/**
 * The certification battery on PostgreSQL with the standalone MH simulator (`npm run mh-simulator`),
 * as an operator runs it (ADR 0048): on a fresh, empty database (the service applies the migrations),
 * the command run twice in a row ends 0 both times — the first issues the sample, the second reports
 * the finished run and issues nothing — and every exit other than 0 says why, in Spanish, on stderr and
 * with `--json` as one JSON error on stdout (a refused argument, an emitter that does not exist, a
 * database that refuses connections).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { TEST_MASTER_KEY } from '../support/test-app';
import { databaseUrl, testRunId, withServer } from '../support/test-database';
import { runCli, startService, startSimulator, waitExit, type Started } from './process-helpers';

jest.setTimeout(600_000);

const COUNT_KEYS = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15', 'invalidation', 'contingency', 'return', 'special_operation'];

describe('certification run on PostgreSQL with the standalone simulator', () => {
  const name = `dte_cert_${testRunId()}_${Date.now() % 1e8}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-cert-pg-'));
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let env: Record<string, string>;
  let svc: Started | null = null;

  beforeAll(async () => {
    await withServer((c) => c.query(`create database "${name}"`));
    sim = await startSimulator(mkdtempSync(join(tmpdir(), 'dte-cert-sim-')));
    env = { DATABASE_URL: databaseUrl(name), DTE_MASTER_KEY: TEST_MASTER_KEY, MH_SIMULATOR_URL: sim.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' };
  });
  afterAll(async () => {
    if (svc && svc.child.exitCode === null) svc.child.kill('SIGKILL');
    sim?.child.kill('SIGTERM');
    await withServer((c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => undefined);
  });

  it('runs twice on a fresh database, 0 both times; its failures say why in Spanish, with a JSON error', async () => {
    // The operator's service (PostgreSQL, the standalone simulator) registers the issuer, then stops.
    const account = await runCli(['accounts', 'create', '--name', 'Certificación', '--json'], env);
    expect(account.code).toBe(0);
    const { keys } = JSON.parse(account.stdout);
    svc = await startService(env, 180_000, /REST API:/);
    const url = /REST API:\s+(http:\/\/\S+)\/v1/.exec(svc.output())![1];
    const issuer = await createIssuer(url, keys.test, { nit: '06143333334444' });
    svc.child.kill('SIGTERM');
    expect(await waitExit(svc.child, 60_000)).toBe(0);

    const args = ['certification', 'run', '--emitter', issuer.emitterId, '--limit', '1', '--json'];
    const first = await runCli(args, env);
    expect({ code: first.code, stderr: first.code === 0 ? '' : first.stderr.slice(-3000) }).toEqual({ code: 0, stderr: '' });
    expect(first.stderr).toMatch(/Nueva corrida crt_/);
    const report = JSON.parse(first.stdout);
    for (const k of COUNT_KEYS) expect({ k, n: report.counts[k] }).toEqual({ k, n: 1 });
    expect(report.rejections).toEqual([]);

    const second = await runCli(args, env);
    expect({ code: second.code, stderr: second.code === 0 ? '' : second.stderr.slice(-3000) }).toEqual({ code: 0, stderr: '' });
    expect(second.stderr).toMatch(/ya terminó/);
    expect(JSON.parse(second.stdout).counts).toEqual(report.counts);

    // Nothing was issued twice by the second run.
    svc = await startService(env, 180_000, /REST API:/);
    const url2 = /REST API:\s+(http:\/\/\S+)\/v1/.exec(svc.output())![1];
    const docs = await request(url2, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}&limit=100`, { key: keys.test });
    const externalIds: string[] = docs.body.data.map((d: { external_id: string }) => d.external_id);
    expect(new Set(externalIds).size).toBe(externalIds.length);
    svc.child.kill('SIGTERM');
    expect(await waitExit(svc.child, 60_000)).toBe(0);

    // Failures: a missing option, an emitter that does not exist, a database that refuses connections.
    const cases: [string[], Record<string, string>, number, string, RegExp][] = [
      [['certification', 'run', '--json'], env, 1, 'required', /^Error: Falta la opción --emitter\.$/m],
      [['certification', 'run', '--emitter', 'emt_no_existe', '--json'], env, 1, 'resource_not_found', /^Error: No existe un emisor/m],
      [['certification', 'run', '--emitter', issuer.emitterId, '--json'], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada' }, 69, 'connection_failed', /^Error: No se pudo conectar a 127\.0\.0\.1:1: la conexión fue rechazada/m],
    ];
    for (const [argv, e, code, errorCode, message] of cases) {
      const r = await runCli(argv, e);
      expect({ argv, code: r.code }).toEqual({ argv, code });
      expect(r.stderr).toMatch(message);
      expect(JSON.parse(r.stdout)).toEqual({ error: { code: errorCode, message: expect.any(String), errors: expect.any(Array) } });
    }
  });
});
