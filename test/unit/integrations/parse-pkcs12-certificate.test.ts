import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { generateTestPkcs12 } from '../../../src/integrations/certificates/generate-test-certificate';
import { parseCertificate } from '../../../src/integrations/certificates/parse-certificate';
import { certificateCode, itWithOpenssl, openssl, withTempDir } from './certificate-test-helpers';

const NIT = '06141234567890';
const PASSWORD = 'Pfx-Clave-2026';

/** A PKCS#12 built by the openssl CLI, entirely outside the project code. */
function opensslPkcs12(opts: { subject: string; password: string; keyAlg?: string[]; days?: number }): Buffer {
  return withTempDir((dir) => {
    openssl(
      ['req', '-x509', '-newkey', ...(opts.keyAlg ?? ['rsa:2048']), '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem',
        '-days', String(opts.days ?? 365), '-subj', opts.subject],
      dir,
    );
    openssl(['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'bundle.p12', '-passout', `pass:${opts.password}`], dir);
    return readFileSync(join(dir, 'bundle.p12'));
  });
}

describe('parseCertificate with PKCS#12 made by the project (node-forge)', () => {
  it('reads the NIT from the subject serialNumber', () => {
    const parsed = parseCertificate(generateTestPkcs12({ nit: NIT, password: PASSWORD, validDays: 30 }), PASSWORD);
    expect(parsed.format).toBe('pkcs12');
    expect(parsed.nit).toBe(NIT);
    expect(parsed.subject).toBe(`CN=CONTRIBUYENTE DE PRUEBA, serialNumber=${NIT}, O=CONTRIBUYENTE DE PRUEBA, C=SV`);
    expect(parsed.validFrom).toBeInstanceOf(Date);
    expect((parsed.validUntil!.getTime() - parsed.validFrom!.getTime()) / 86_400_000).toBe(30);
    expect(parsed.privateKeyPkcs8Der.length).toBeGreaterThan(1100);
    expect(parsed.publicKeySpkiDer.length).toBe(294);
  });

  it('reads the NIT from the CN when there is no serialNumber', () => {
    const parsed = parseCertificate(generateTestPkcs12({ nit: '012345678', password: PASSWORD, useCommonName: true }), PASSWORD);
    expect(parsed.nit).toBe('012345678');
    expect(parsed.subject).toBe('CN=012345678, O=CONTRIBUYENTE DE PRUEBA, C=SV');
  });

  it.each([
    ['wrong password', 'otra'],
    ['empty password', ''],
  ])('%s → certificate_password_invalid', (_label, password) => {
    const p12 = generateTestPkcs12({ nit: NIT, password: PASSWORD });
    expect(certificateCode(() => parseCertificate(p12, password))).toBe('certificate_password_invalid');
  });

  it('accepts a non-ASCII password', () => {
    const p12 = generateTestPkcs12({ nit: NIT, password: 'contraseña€' });
    expect(parseCertificate(p12, 'contraseña€').nit).toBe(NIT);
    expect(certificateCode(() => parseCertificate(p12, 'contrasena€'))).toBe('certificate_password_invalid');
  });

  it('accepts the PKCS#12 sent as base64 text', () => {
    const p12 = generateTestPkcs12({ nit: NIT, password: PASSWORD });
    expect(parseCertificate(Buffer.from(p12.toString('base64').replace(/(.{64})/g, '$1\n')), PASSWORD).nit).toBe(NIT);
  });

  it('a key that does not belong to the certificate → certificate_key_mismatch', () => {
    const toForge = () =>
      forge.pki.privateKeyFromPem(
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      );
    const certKey = toForge();
    const otherKey = toForge();
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.setRsaPublicKey(certKey.n, certKey.e);
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date();
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ name: 'serialNumber', value: NIT }]);
    cert.setIssuer([{ name: 'serialNumber', value: NIT }]);
    cert.sign(certKey, forge.md.sha256.create());
    const p12 = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(otherKey, [cert], PASSWORD, { algorithm: '3des' })).getBytes(), 'binary');
    expect(certificateCode(() => parseCertificate(p12, PASSWORD))).toBe('certificate_key_mismatch');
  });

  it('a key without certificate → certificate_unreadable', () => {
    const key = forge.pki.privateKeyFromPem(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    );
    const p12 = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [], PASSWORD, { algorithm: '3des', generateLocalKeyId: false })).getBytes(), 'binary');
    expect(certificateCode(() => parseCertificate(p12, PASSWORD))).toBe('certificate_unreadable');
  });

  it('a truncated file → certificate_unreadable', () => {
    const p12 = generateTestPkcs12({ nit: NIT, password: PASSWORD });
    expect(certificateCode(() => parseCertificate(p12.subarray(0, 300), PASSWORD))).toBe('certificate_unreadable');
  });
});

describe('parseCertificate with PKCS#12 made by the openssl CLI', () => {
  itWithOpenssl('reads NIT, subject and validity (serialNumber)', () => {
    const p12 = opensslPkcs12({ subject: `/CN=EMPRESA DE PRUEBA S.A. DE C.V./serialNumber=${NIT}`, password: PASSWORD, days: 90 });
    const parsed = parseCertificate(p12, PASSWORD);
    expect(parsed.format).toBe('pkcs12');
    expect(parsed.nit).toBe(NIT);
    expect(parsed.subject).toBe(`CN=EMPRESA DE PRUEBA S.A. DE C.V., serialNumber=${NIT}`);
    expect(Math.round((parsed.validUntil!.getTime() - parsed.validFrom!.getTime()) / 86_400_000)).toBe(90);
  });

  itWithOpenssl.each([
    ['serialNumber with a prefix and dashes', '/CN=EMPRESA/serialNumber=IDCSV-0614-123456-789-0', NIT],
    ['NIT only in the CN', '/CN=0614-123456-789-0/O=EMPRESA', NIT],
    ['serialNumber that is not a NIT, NIT in CN', '/CN=012345678/serialNumber=ABC-12', '012345678'],
  ])('%s', (_label, subject, nit) => {
    expect(parseCertificate(opensslPkcs12({ subject, password: PASSWORD }), PASSWORD).nit).toBe(nit);
  });

  itWithOpenssl('no NIT anywhere → certificate_missing_nit', () => {
    const p12 = opensslPkcs12({ subject: '/CN=EMPRESA SIN NIT/O=ACME', password: PASSWORD });
    expect(certificateCode(() => parseCertificate(p12, PASSWORD))).toBe('certificate_missing_nit');
  });

  itWithOpenssl('wrong password → certificate_password_invalid; a non-ASCII password works (PBES2, UTF-8)', () => {
    const p12 = opensslPkcs12({ subject: `/CN=EMPRESA/serialNumber=${NIT}`, password: 'contraseña' });
    expect(parseCertificate(p12, 'contraseña').nit).toBe(NIT);
    expect(certificateCode(() => parseCertificate(p12, 'contrasena'))).toBe('certificate_password_invalid');
  });

  itWithOpenssl('an EC key → certificate_key_unsupported', () => {
    const p12 = opensslPkcs12({ subject: `/CN=EMPRESA/serialNumber=${NIT}`, password: PASSWORD, keyAlg: ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'] });
    expect(certificateCode(() => parseCertificate(p12, PASSWORD))).toBe('certificate_key_unsupported');
  });

  itWithOpenssl('openssl reads the test PKCS#12 made by the project, non-ASCII password included', () => {
    withTempDir((dir) => {
      writeFileSync(join(dir, 'test.p12'), generateTestPkcs12({ nit: NIT, password: 'añejo' }));
      const out = openssl(['pkcs12', '-in', 'test.p12', '-passin', 'pass:añejo', '-nokeys', '-clcerts'], dir).toString();
      expect(out).toContain(`serialNumber = ${NIT}`);
    });
  });
});
