import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compactVerify, importSPKI } from 'jose';
import { JWS_HEADER_B64, SignerError, signCompact, verifyCompact } from '../../../src/integrations/signer/jws-signer';
import { generateTestCertificate } from '../../../src/integrations/certificates/generate-test-certificate';
import { parseCertificate } from '../../../src/integrations/certificates/parse-certificate';
import { itWithOpenssl, openssl, withTempDir } from './certificate-test-helpers';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PAYLOAD = JSON.stringify({
  identificacion: { version: 1, ambiente: '00', tipoDte: '01', numeroControl: 'DTE-01-M001P001-000000000000001' },
  emisor: { nit: '06141234567890', nombre: 'Panadería La Espiga, S.A. de C.V.', direccion: { complemento: 'Calle El Mirador #5, Ñuñoa' } },
  receptor: null,
  resumen: { totalPagar: 11.3, totalLetras: 'ONCE 30/100 DÓLARES' },
});

describe('signCompact', () => {
  const jws = signCompact(PAYLOAD, privateKey);
  const [h, p, s] = jws.split('.');

  it('uses exactly the header {"alg":"RS512"}', () => {
    expect(h).toBe('eyJhbGciOiJSUzUxMiJ9');
    expect(JWS_HEADER_B64).toBe('eyJhbGciOiJSUzUxMiJ9');
    expect(Buffer.from(h, 'base64url').toString('utf8')).toBe('{"alg":"RS512"}');
  });

  it('carries the exact UTF-8 bytes of the payload, base64url without padding', () => {
    expect(jws.split('.')).toHaveLength(3);
    expect(jws).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(p, 'base64url').equals(Buffer.from(PAYLOAD, 'utf8'))).toBe(true);
    expect(Buffer.from(s, 'base64url')).toHaveLength(256);
  });

  it('is deterministic (PKCS#1 v1.5)', () => {
    expect(signCompact(PAYLOAD, privateKey)).toBe(jws);
  });

  it('verifies with jose (compactVerify, SPKI imported for RS512)', async () => {
    const spkiPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const key = await importSPKI(spkiPem, 'RS512');
    const result = await compactVerify(jws, key, { algorithms: ['RS512'] });
    expect(result.protectedHeader).toEqual({ alg: 'RS512' });
    expect(new TextDecoder().decode(result.payload)).toBe(PAYLOAD);
  });

  itWithOpenssl('verifies with `openssl dgst -sha512 -verify` and matches `openssl dgst -sign` byte for byte', () => {
    withTempDir((dir) => {
      writeFileSync(join(dir, 'pub.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
      writeFileSync(join(dir, 'key.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
      writeFileSync(join(dir, 'input.txt'), `${h}.${p}`);
      writeFileSync(join(dir, 'sig.bin'), Buffer.from(s, 'base64url'));
      const out = openssl(['dgst', '-sha512', '-verify', 'pub.pem', '-signature', 'sig.bin', 'input.txt'], dir).toString();
      expect(out.trim()).toBe('Verified OK');
      openssl(['dgst', '-sha512', '-sign', 'key.pem', '-out', 'openssl-sig.bin', 'input.txt'], dir);
      expect(readFileSync(join(dir, 'openssl-sig.bin')).toString('base64url')).toBe(s);
    });
  });

  it('signs with the key of a parsed MH XML certificate; its public key verifies', () => {
    const { xml } = generateTestCertificate({ nit: '06141234567890', password: 'x' });
    const cert = parseCertificate(Buffer.from(xml), 'x');
    const key = createPrivateKey({ key: cert.privateKeyPkcs8Der, format: 'der', type: 'pkcs8' });
    const pub = createPublicKey({ key: cert.publicKeySpkiDer, format: 'der', type: 'spki' });
    expect(verifyCompact(signCompact(PAYLOAD, key), pub).valid).toBe(true);
  });

  it.each([
    ['a public key', () => publicKey],
    ['an EC key', () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey],
  ])('refuses %s (signing_key_invalid)', (_label, key) => {
    expect(() => signCompact(PAYLOAD, key())).toThrow(expect.objectContaining({ code: 'signing_key_invalid' }));
    expect(() => signCompact(PAYLOAD, key())).toThrow(SignerError);
  });

  it('refuses a payload that is not a string (signing_payload_invalid)', () => {
    const notText = { a: 1 } as unknown as string;
    expect(() => signCompact(notText, privateKey)).toThrow(expect.objectContaining({ code: 'signing_payload_invalid' }));
  });
});

describe('verifyCompact', () => {
  const jws = signCompact(PAYLOAD, privateKey);
  const [h, p, s] = jws.split('.');

  it('accepts a valid JWS and returns header and payload', () => {
    expect(verifyCompact(jws, publicKey)).toEqual({ valid: true, header: { alg: 'RS512' }, payload: PAYLOAD });
  });

  it('rejects a tampered payload, keeping the decoded parts for diagnosis', () => {
    const tampered = Buffer.from(PAYLOAD.replace('11.3', '1.13'), 'utf8').toString('base64url');
    expect(verifyCompact(`${h}.${tampered}.${s}`, publicKey)).toEqual({
      valid: false,
      header: { alg: 'RS512' },
      payload: PAYLOAD.replace('11.3', '1.13'),
    });
  });

  it('rejects a signature by another key', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(verifyCompact(signCompact(PAYLOAD, other.privateKey), publicKey).valid).toBe(false);
  });

  const noneHeader = Buffer.from('{"alg":"none"}').toString('base64url');
  const rs256Header = Buffer.from('{"alg":"RS256"}').toString('base64url');
  const critHeader = Buffer.from('{"alg":"RS512","crit":["exp"]}').toString('base64url');
  const flipped = Buffer.from(s, 'base64url');
  flipped[10] ^= 1;

  it.each([
    ['empty string', ''],
    ['one part', 'abc'],
    ['two parts', `${h}.${p}`],
    ['four parts', `${jws}.x`],
    ['empty signature', `${h}.${p}.`],
    ['padding', `${h}.${p}.${s}==`],
    ['standard base64 chars', `${h}.${p}.${s.slice(0, -2)}+/`],
    ['header not JSON', `bm90IGpzb24.${p}.${s}`],
    ['header a JSON string', `${Buffer.from('"RS512"').toString('base64url')}.${p}.${s}`],
    ['alg none', `${noneHeader}.${p}.`],
    ['alg none with signature', `${noneHeader}.${p}.${s}`],
    ['alg RS256', `${rs256Header}.${p}.${s}`],
    ['crit header', `${critHeader}.${p}.${s}`],
    ['flipped signature bit', `${h}.${p}.${flipped.toString('base64url')}`],
    ['truncated signature', `${h}.${p}.${s.slice(0, 100)}`],
    ['non-string', 42 as unknown as string],
    ['null', null as unknown as string],
  ])('returns valid false without throwing for %s', (_label, input) => {
    expect(verifyCompact(input, publicKey).valid).toBe(false);
  });

  it('does not throw with an unusable key', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    expect(verifyCompact(jws, ec).valid).toBe(false);
  });
});
