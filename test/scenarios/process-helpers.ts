import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
  key: string | null;
}

/**
 * Starts `src/main.ts` as `npm start` does (or `npm start` itself with `npm: true`) and waits for
 * its banner. `detached`: the service leads its own process group, so killGroup can kill -9 it
 * with every child it started.
 */
export async function startService(
  env: Record<string, string>,
  timeoutMs = 90_000,
  readyPattern: RegExp | null = null,
  opts: { detached?: boolean; npm?: boolean } = {},
): Promise<Started> {
  const [command, args] = opts.npm ? ['npm', ['start', '--silent']] : [process.execPath, ['-r', '@swc-node/register', 'src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readyPattern && readyPattern.test(out)) return { child, output: () => out, url: '', key: null };
    const url = /REST API:\s+(https?:\/\/\S+)\/v1/.exec(out)?.[1];
    // The embedded default prints its demo key; on DATABASE_URL the banner ends saying accounts come from the CLI.
    if (url && /Test API key: (sk_test_\w+)/.test(out)) return { child, output: () => out, url, key: /Test API key: (sk_test_\w+)/.exec(out)![1] };
    if (url && /^Cuentas, usuarios y llaves: /m.test(out)) return { child, output: () => out, url, key: null };
    if (child.exitCode !== null) throw new Error(`el servicio terminó (${child.exitCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (opts.detached) killGroup(child);
  else child.kill('SIGKILL');
  throw new Error(`el servicio no arrancó a tiempo:\n${out}`);
}

/** kill -9 of a detached child's whole process group (the child and everything it started). */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** `npm run mh-simulator` as its own process on an ephemeral port; resolves with its URL. */
export async function startSimulator(dataDir: string, timeoutMs = 60_000): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/mh-simulator/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', MH_SIMULATOR_PORT: '0', MH_SIMULATOR_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = /escuchando en (http:\/\/\S+)/.exec(out)?.[1];
    if (url) return { child, url, output: () => out };
    if (child.exitCode !== null) throw new Error(`el simulador terminó (${child.exitCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`el simulador no arrancó a tiempo:\n${out}`);
}

export function waitExit(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // Already gone ('exit' will not fire again): by its code, or null when a signal ended it.
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => reject(new Error('el proceso no terminó a tiempo')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
