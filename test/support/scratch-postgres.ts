import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (the newest installed major version). */
export function postgresBin(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return join('/usr/lib/postgresql', versions[0], 'bin', name);
}

/** A free TCP port on loopback (the kernel picks it; released before the caller binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the `postgres` user when the tests run as root (initdb refuses root). */
export async function asPostgres(bin: string, args: string[], opts: { timeoutMs?: number } = {}): Promise<{ stdout: string; stderr: string }> {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return run(cmd, argv, { timeout: opts.timeoutMs ?? 60_000, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
}

export interface ScratchPostgres {
  url: string;
  port: number;
  dataDir: string;
  /** `pg_ctl stop -m immediate`: the postmaster and every backend die at once, as in a crash. */
  stopImmediate(): Promise<void>;
  start(): Promise<void>;
  /** Crash restart: immediate stop, then start (recovery replays the WAL). */
  restartImmediate(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, for tests that stop
 * or crash the server (the shared test server must stay up for the other test files).
 */
export async function startScratchPostgres(settings: Record<string, string> = {}): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'dte-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
  const dataDir = join(dir, 'data');
  await asPostgres(postgresBin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8'], { timeoutMs: 120_000 });
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", '-c fsync=off', '-c max_connections=200', ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = async () => {
    await asPostgres(postgresBin('pg_ctl'), ['-D', dataDir, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], { timeoutMs: 90_000 });
  };
  const stopImmediate = async () => {
    await asPostgres(postgresBin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start,
    stopImmediate,
    restartImmediate: async () => {
      await stopImmediate();
      await start();
    },
    destroy: async () => {
      await stopImmediate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
