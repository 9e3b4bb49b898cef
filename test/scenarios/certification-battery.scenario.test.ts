import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPdftotext, pdftotextLines } from '../unit/pdf/pdf-inspect';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { ROOT, runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(900_000);

const COUNT_KEYS = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15', 'invalidation', 'contingency', 'return', 'special_operation'];

/** The CLI killed (SIGKILL) once its progress on stderr matches `pattern`. */
function runCliUntil(args: string[], env: Record<string, string>, pattern: RegExp): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => {
      stderr += d;
      if (pattern.test(stderr)) child.kill('SIGKILL');
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/**
 * The certification battery end to end against the MH simulator, with the documented sample option
 * (`--limit 2`: at most 2 per count; the full battery is run by hand, see docs/certification.md):
 * started through the running service (REST, the embedded database shared over its socket), killed
 * mid-run, resumed after the service stopped (the command starts the service itself), completed
 * without issuing any item twice, and a rerun of a completed run issues nothing.
 */
describe('certification run', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-cert-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let svc: Started | null = null;

  afterAll(async () => {
    if (svc && svc.child.exitCode === null) {
      svc.child.kill('SIGTERM');
      await waitExit(svc.child, 60_000).catch(() => svc!.child.kill('SIGKILL'));
    }
  });

  it('resumes after an interruption, works with and without the running service, and never issues twice', async () => {
    svc = await startService({ ...env, PORT: '0' }, 300_000);
    const issuer = await createIssuer(svc.url, svc.key!, { nit: '06141111112222' });
    const args = ['certification', 'run', '--emitter', issuer.emitterId, '--limit', '2', '--json'];

    // 1. Through the running service, interrupted once the CCFs are done.
    const first = await runCliUntil([...args, '--url', svc.url], env, /03\s+2\/2/);
    expect(first.code).not.toBe(0);
    expect(first.stderr).toMatch(/Nueva corrida crt_/);
    const issuedBefore = await request(svc.url, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}&limit=100`, { key: svc.key! });
    expect(issuedBefore.body.data.length).toBeGreaterThanOrEqual(4);

    // 2. The service stops; the rerun starts it inside the command and continues the same run.
    svc.child.kill('SIGTERM');
    expect(await waitExit(svc.child, 60_000)).toBe(0);
    const second = await runCli(args, env);
    expect(second.stderr).toMatch(/Se reanuda la corrida crt_/);
    expect({ code: second.code, stderr: second.code === 0 ? '' : second.stderr.slice(-4000) }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(second.stdout);
    expect(Object.keys(report).sort()).toEqual(['counts', 'rejections', 'report_pdf']);
    // The counts as printed, in the pinned order (parsing would put "11", "14", "15" first again).
    expect([...(/"counts":\{([^}]*)\}/.exec(second.stdout)?.[1] ?? '').matchAll(/"([^"]+)":/g)].map((m) => m[1])).toEqual(COUNT_KEYS);
    // Each count's progress lines go up: item keys and the processed counter, whatever order items finished in.
    const progress = [...second.stderr.matchAll(/^(\S+)\s+(\d+)\/\d+\s+(\S+-\d{3}) \w+$/gm)].map((m) => ({ count: m[1], done: Number(m[2]), item: m[3] }));
    expect(progress.length).toBeGreaterThan(0);
    for (const k of COUNT_KEYS) {
      const mine = progress.filter((p) => p.count === k);
      expect({ k, items: mine.map((p) => p.item) }).toEqual({ k, items: [...mine.map((p) => p.item)].sort() });
      expect({ k, done: mine.map((p) => p.done) }).toEqual({ k, done: [...mine.map((p) => p.done)].sort((a, b) => a - b) });
    }
    // The first report written for the finished run already says when it finished.
    if (findPdftotext()) expect(pdftotextLines(readFileSync(report.report_pdf)).join('\n')).toMatch(/Terminada: \d{2}\/\d{2}\/\d{4}/);
    for (const k of COUNT_KEYS) expect({ k, n: report.counts[k] }).toEqual({ k, n: 2 });
    expect(report.rejections).toEqual([]);
    expect(readFileSync(report.report_pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const details = JSON.parse(readFileSync(join(report.report_pdf, '..', 'informe.json'), 'utf8'));
    expect(details.items.every((i: { status: string; seal: string | null }) => i.status === 'processed' && i.seal)).toBe(true);

    // 3. Nothing was issued twice: one document per item that issues one, each external_id once.
    svc = await startService({ ...env, PORT: '0' }, 300_000);
    const docs = await request(svc.url, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}&limit=100`, { key: svc.key! });
    const externalIds: string[] = docs.body.data.map((d: { external_id: string }) => d.external_id);
    expect(new Set(externalIds).size).toBe(externalIds.length);
    const issuing = details.items.filter((i: { kind: string }) => ['document', 'held', 'invalidation'].includes(i.kind));
    expect(externalIds.length).toBe(issuing.length);
    expect(docs.body.data.filter((d: { status: string }) => d.status === 'voided')).toHaveLength(2);
    const episodes = await request(svc.url, 'GET', '/v1/contingencies?status=completed', { key: svc.key! });
    const mine = episodes.body.data.filter((e: { emitter_id: string }) => e.emitter_id === issuer.emitterId);
    expect(mine.map((e: { status: string; event_status: string; contingency_type: number }) => [e.status, e.event_status, e.contingency_type])).toEqual([
      ['completed', 'accepted', 5],
      ['completed', 'accepted', 5],
    ]);

    // 4. A completed run is reported again, nothing issued, through the running service.
    const third = await runCli([...args, '--url', svc.url], env);
    expect(third.code).toBe(0);
    expect(third.stderr).toMatch(/ya terminó/);
    expect(JSON.parse(third.stdout).counts).toEqual(report.counts);
    const after = await request(svc.url, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}&limit=100`, { key: svc.key! });
    expect(after.body.data.length).toBe(externalIds.length);
    expect(existsSync(report.report_pdf)).toBe(true);
  });
});
