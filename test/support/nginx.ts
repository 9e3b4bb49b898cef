import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Nginx {
  dir: string;
  /** PEM of the self-signed certificate nginx serves (for clients to trust). */
  ca: string;
  stop(): Promise<void>;
  log(): string;
  /** Access log lines: `<upstream addresses> <upstream statuses> <status>`. */
  accessLog(): string[];
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl (as an operator would for a test). */
export async function makeCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert]);
  return { cert, key };
}

/**
 * Debian's nginx in the foreground with `httpConf` as its `http {}` content (the guide's server
 * block), in a directory of its own; resolves once it accepts connections on `port`.
 */
export async function startNginx(httpConf: (paths: { cert: string; key: string }) => string, port: number): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'dte-nginx-'));
  chmodSync(dir, 0o755);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d), { mode: 0o777 });
  const paths = await makeCertificate(dir);
  const root = process.getuid?.() === 0;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${root ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 1024; }
http {
  log_format upstreams '$upstream_addr $upstream_status $status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${httpConf(paths)}
}
`,
  );
  await run('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')]);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (await accepts(port)) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx no arrancó:\n${out}\n${safeRead(join(dir, 'error.log'))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    dir,
    ca: readFileSync(paths.cert, 'utf8'),
    log: () => `${out}\n${safeRead(join(dir, 'error.log'))}`,
    accessLog: () => safeRead(join(dir, 'access.log')).split('\n').filter(Boolean),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

function safeRead(p: string): string {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}
