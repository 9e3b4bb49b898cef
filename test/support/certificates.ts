import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestCertificate } from '../../src/integrations/certificates/generate-test-certificate';

const DAY_MS = 86_400_000;

/**
 * An MH XML certificate (<CertificadoMH>) as the CLI's `certs generate-test` writes it, valid until
 * `validDays` days from now and since a day ago: a test whose clock stands still a few seconds ahead
 * of the real time (set before a slow start) must still find it valid when it uploads it, however
 * long the start took.
 */
export function mhCertificate(nit: string, password: string, validDays = 365): Buffer {
  return Buffer.from(generateTestCertificate({ nit, password, validDays: validDays + 1, now: new Date(Date.now() - DAY_MS) }).xml, 'utf8');
}

/** An MH XML certificate whose private key belongs to another key pair. */
export function mismatchedMhCertificate(nit: string, password: string): Buffer {
  const a = generateTestCertificate({ nit, password }).xml;
  const b = generateTestCertificate({ nit, password }).xml;
  const otherKey = /<privateKey>[\s\S]*?<encodied>([\s\S]*?)<\/encodied>/.exec(b)![1];
  return Buffer.from(a.replace(/(<privateKey>[\s\S]*?<encodied>)[\s\S]*?(<\/encodied>)/, (_m, open: string, close: string) => `${open}${otherKey}${close}`));
}

/** A PKCS#12 made outside the project's code, with the openssl CLI (NIT in the subject's serialNumber). */
export function opensslPkcs12(nit: string, password: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'dte-p12-'));
  try {
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '365', '-subj', `/CN=Emisor de prueba/serialNumber=${nit}/C=SV`]);
    run(['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'cert.p12', '-passout', `pass:${password}`]);
    return readFileSync(join(dir, 'cert.p12'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
