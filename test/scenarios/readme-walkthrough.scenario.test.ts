/**
 * The README's first walk-through, run as a reader would: `npm start`'s service with the embedded
 * defaults, then the README's bash block with BASE and KEY taken from the banner, needing only
 * Node.js, npm and curl. It must end with a processed invoice and MH's 40-character stamp.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(180_000);

/** The bash block that follows the walk-through marker of README.md. */
export function walkThroughBlock(readme: string): string {
  const after = readme.slice(readme.indexOf('<!-- walk-through'));
  const m = /```bash\n([\s\S]*?)\n```/.exec(after);
  if (!m) throw new Error('README.md: no ```bash block after the walk-through marker');
  return m[1];
}

describe('README walk-through', () => {
  let service: Started;
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-readme-'));
  const certificate = join(ROOT, 'emisor.crt');
  afterAll(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await waitExit(service.child);
    }
    rmSync(certificate, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses no tool beyond Node.js, npm and curl (no uuidgen, jq or python)', () => {
    const block = walkThroughBlock(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    // Quoted text (JSON bodies, the Node.js one-liners) and comments are data, not commands.
    const code = block.replace(/'[^']*'/g, "''").replace(/#.*$/gm, '');
    const commands = new Set([...code.matchAll(/(?:^|\$\(|\||;|\{)\s*([a-z][\w-]*)/gm)].map((m) => m[1]));
    const own = new Set(['idem', 'pick', 'node', 'npm', 'curl']);
    const assignments = new Set([...block.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    expect([...commands].filter((c) => !own.has(c) && !assignments.has(c))).toEqual([]);
    expect(block).not.toMatch(/uuidgen|\bjq\b|python/);
  });

  it('reaches a processed invoice with a 40-character reception stamp against the started service', async () => {
    service = await startService({ DATA_DIR: dataDir, PORT: '0' });
    const block = walkThroughBlock(readFileSync(join(ROOT, 'README.md'), 'utf8'))
      .replace(/^BASE=\S+/m, `BASE=${service.url}/v1`)
      .replace(/^KEY=\S+/m, `KEY=${service.key}`);
    // stdin from /dev/null: bash run with a socket as stdin behaves as under ssh and reads bashrc.
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', block], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d) => (stdout += d));
    shell.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => shell.once('close', resolve));
    expect([code, stderr.split('\n').filter((l) => l && !/npm warn/.test(l))]).toEqual([0, []]);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('M001');
    expect(lines[1]).toMatch(/^Certificado de prueba para el NIT 0614\d{10} escrito en emisor\.crt/);
    expect(lines[2]).toBe('true true');
    expect(lines[3]).toMatch(/^doc_\w+ processed DTE-01-M001P001-0{14}1 [A-Z0-9]{40}$/);
  });
});
