import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertificateError } from '../../../src/integrations/certificates/certificate-error';

export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
/** Tests that need the openssl CLI; skipped (not failed) on machines without it. */
export const itWithOpenssl = hasOpenssl ? it : it.skip;

export function openssl(args: string[], cwd: string): Buffer {
  return execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'dte-cert-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The code of the CertificateError thrown by `fn` (fails the test on any other outcome). */
export function certificateCode(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof CertificateError) return err.code;
    throw err;
  }
  throw new Error('expected a CertificateError, nothing was thrown');
}

/** Replaces the text of the first `<name>` inside `<parent>` in an MH XML document. */
export function replaceInXml(xml: string, parent: string, name: string, value: string): string {
  const re = new RegExp(`(<${parent}>[\\s\\S]*?<${name}>)[\\s\\S]*?(</${name}>)`);
  if (!re.test(xml)) throw new Error(`no <${parent}>…<${name}> in xml`);
  return xml.replace(re, (_m, open: string, close: string) => `${open}${value}${close}`);
}

export function textInXml(xml: string, parent: string, name: string): string {
  const m = new RegExp(`<${parent}>[\\s\\S]*?<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!m) throw new Error(`no <${parent}>…<${name}> in xml`);
  return m[1];
}
