import { randomBytes } from 'node:crypto';
import { CryptoError } from '../../../src/integrations/crypto/crypto-error';
import { SecretBox } from '../../../src/integrations/crypto/secret-box';

const key = Buffer.alloc(32, 7);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof CryptoError ? err.code : `not a CryptoError: ${String(err)}`;
  }
  return undefined;
}

describe('SecretBox', () => {
  const box = new SecretBox(key);

  it.each([
    ['ascii text', 'contraseña-del-certificado'],
    ['empty string', ''],
    ['unicode', 'ñandú — 日本 🔐'],
  ])('round-trips %s', (_label, plain) => {
    const sealed = box.seal(plain);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
    expect(box.openText(sealed)).toBe(plain);
  });

  it('round-trips binary data exactly', () => {
    const der = randomBytes(1217);
    expect(box.open(box.seal(der)).equals(der)).toBe(true);
  });

  it('uses a fresh IV per seal, so sealing twice gives different strings', () => {
    const a = box.seal('mismo secreto');
    const b = box.seal('mismo secreto');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(box.openText(a)).toBe('mismo secreto');
    expect(box.openText(b)).toBe('mismo secreto');
  });

  it('does not contain the plaintext', () => {
    const sealed = box.seal('supersecreto');
    expect(sealed).not.toContain('supersecreto');
    expect(Buffer.from(sealed.split('.')[3], 'base64url').toString('utf8')).not.toContain('supersecreto');
  });

  const flip = (s: string, part: number) => {
    const parts = s.split('.');
    const bytes = Buffer.from(parts[part], 'base64url');
    bytes[0] ^= 0x01;
    parts[part] = bytes.toString('base64url');
    return parts.join('.');
  };

  it.each([
    ['ciphertext', 3],
    ['tag', 2],
    ['iv', 1],
  ])('detects a tampered %s', (_label, part) => {
    const sealed = box.seal('valor original');
    expect(codeOf(() => box.open(flip(sealed, part)))).toBe('sealed_secret_tampered');
  });

  it('refuses to open with another master key', () => {
    const sealed = box.seal('valor');
    expect(codeOf(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed))).toBe('sealed_secret_tampered');
  });

  it('binds to associated data when given', () => {
    const sealed = box.seal('valor', 'emitter:1:00:certificate');
    expect(box.openText(sealed, 'emitter:1:00:certificate')).toBe('valor');
    expect(codeOf(() => box.open(sealed, 'emitter:2:00:certificate'))).toBe('sealed_secret_tampered');
    expect(codeOf(() => box.open(sealed))).toBe('sealed_secret_tampered');
  });

  it.each([
    ['empty', ''],
    ['no dots', 'abc'],
    ['wrong version', box.seal('x').replace(/^v1/, 'v2')],
    ['missing part', box.seal('x').split('.').slice(0, 3).join('.')],
    ['extra part', `${box.seal('x')}.AA`],
    ['bad characters', 'v1.aaaa+aaaa.bbbb.cccc'],
    ['short iv', 'v1.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
  ])('rejects a malformed value (%s)', (_label, sealed) => {
    expect(codeOf(() => box.open(sealed))).toBe('sealed_secret_malformed');
  });

  it.each([
    ['31 bytes', Buffer.alloc(31)],
    ['33 bytes', Buffer.alloc(33)],
    ['empty', Buffer.alloc(0)],
  ])('rejects a master key of %s', (_label, k) => {
    expect(codeOf(() => new SecretBox(k))).toBe('secret_box_key_invalid');
  });

  it('copies the key, so later changes to the caller buffer do not matter', () => {
    const k = Buffer.alloc(32, 3);
    const b = new SecretBox(k);
    const sealed = b.seal('x');
    k.fill(0);
    expect(b.openText(sealed)).toBe('x');
  });

  describe('openTextRemembered', () => {
    it('opens like openText and answers the same seal again from memory', () => {
      const b = new SecretBox(key);
      const sealed = b.seal('clave-mh', 'emitter:1:00:mh-password');
      expect(b.openTextRemembered(sealed, 'emitter:1:00:mh-password')).toBe('clave-mh');
      expect(b.openTextRemembered(sealed, 'emitter:1:00:mh-password')).toBe('clave-mh');
    });

    it('opens a new seal of a changed secret, not the remembered one', () => {
      const b = new SecretBox(key);
      const aad = 'emitter:1:00:mh-password';
      expect(b.openTextRemembered(b.seal('antes', aad), aad)).toBe('antes');
      expect(b.openTextRemembered(b.seal('después', aad), aad)).toBe('después');
    });

    it('still refuses a remembered seal under another aad, a tampered seal and another master key', () => {
      const b = new SecretBox(key);
      const sealed = b.seal('clave-mh', 'emitter:1:00:mh-password');
      b.openTextRemembered(sealed, 'emitter:1:00:mh-password');
      expect(codeOf(() => b.openTextRemembered(sealed, 'emitter:2:00:mh-password'))).toBe('sealed_secret_tampered');
      const parts = sealed.split('.');
      parts[3] = parts[3].startsWith('A') ? `B${parts[3].slice(1)}` : `A${parts[3].slice(1)}`;
      expect(codeOf(() => b.openTextRemembered(parts.join('.'), 'emitter:1:00:mh-password'))).toBe('sealed_secret_tampered');
      expect(codeOf(() => new SecretBox(Buffer.alloc(32, 9)).openTextRemembered(sealed, 'emitter:1:00:mh-password'))).toBe('sealed_secret_tampered');
    });

    it('keeps opening correctly past its bound', () => {
      const b = new SecretBox(key);
      for (let i = 0; i < 600; i++) expect(b.openTextRemembered(b.seal(`s${i}`, 'x'), 'x')).toBe(`s${i}`);
    });
  });
});

describe('secret box during a master-key rotation', () => {
  const oldKey = Buffer.alloc(32, 1);
  const newKey = Buffer.alloc(32, 2);

  it('opens what the previous key sealed, seals with the current one, and tells them apart', () => {
    const before = new SecretBox(oldKey).seal('clave-mh', 'ctx');
    const during = new SecretBox(newKey, [oldKey]);
    expect(during.openText(before, 'ctx')).toBe('clave-mh');
    expect(during.sealedWithCurrentKey(before, 'ctx')).toBe(false);
    const resealed = during.seal('clave-mh', 'ctx');
    expect(during.sealedWithCurrentKey(resealed, 'ctx')).toBe(true);
    expect(new SecretBox(newKey).openText(resealed, 'ctx')).toBe('clave-mh');
    // The context still binds: another one opens with neither key.
    expect(() => during.openText(before, 'otro')).toThrow(/alterado o se cifró con otra llave maestra/);
  });

  it('without the previous key, a value of the old key does not open', () => {
    const before = new SecretBox(oldKey).seal('x');
    expect(() => new SecretBox(newKey).open(before)).toThrow(/otra llave maestra/);
  });
});
