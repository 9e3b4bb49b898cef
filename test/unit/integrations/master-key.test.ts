import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CryptoError } from '../../../src/integrations/crypto/crypto-error';
import { MASTER_KEY_FILE, resolveMasterKey } from '../../../src/integrations/crypto/master-key';

const HEX = 'a1'.repeat(32);
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'master-key-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function errorOf(fn: () => unknown): CryptoError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CryptoError) return err;
    throw err;
  }
  throw new Error('no error thrown');
}

describe('resolveMasterKey', () => {
  it('uses DTE_MASTER_KEY when given (upper or lower case hex) and writes no file', () => {
    const dataDir = join(root, 'data');
    expect(resolveMasterKey({ value: HEX, dataDir, allowGenerate: true }).toString('hex')).toBe(HEX);
    expect(resolveMasterKey({ value: HEX.toUpperCase(), dataDir, allowGenerate: false }).toString('hex')).toBe(HEX);
    expect(() => statSync(dataDir)).toThrow();
  });

  it.each([
    ['63 hex chars', 'a'.repeat(63)],
    ['65 hex chars', 'a'.repeat(65)],
    ['non-hex char', `${'a'.repeat(63)}g`],
    ['base64 of 32 bytes', Buffer.alloc(32, 1).toString('base64')],
    ['inner space', `${'a'.repeat(32)} ${'a'.repeat(31)}`],
  ])('rejects a DTE_MASTER_KEY with %s, naming the variable and hiding the value', (_label, value) => {
    const err = errorOf(() => resolveMasterKey({ value, dataDir: root, allowGenerate: true }));
    expect(err.code).toBe('master_key_invalid');
    expect(err.message).toBe('DTE_MASTER_KEY debe tener exactamente 64 caracteres hexadecimales (32 bytes).');
    expect(err.message).not.toContain(value);
  });

  it.each([
    ['undefined', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('without a value (%s) and without generation, fails naming DTE_MASTER_KEY', (_label, value) => {
    const err = errorOf(() => resolveMasterKey({ value, dataDir: root, allowGenerate: false }));
    expect(err.code).toBe('master_key_missing');
    expect(err.message).toMatch(/^Falta DTE_MASTER_KEY/);
  });

  it('generates <dataDir>/master.key with mode 0600 in a new 0700 directory, then reuses it', () => {
    const dataDir = join(root, 'nested', 'data');
    const first = resolveMasterKey({ dataDir, allowGenerate: true });
    expect(first.length).toBe(32);
    const file = join(dataDir, MASTER_KEY_FILE);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    const second = resolveMasterKey({ dataDir, allowGenerate: true });
    expect(second.equals(first)).toBe(true);
  });

  it('reads an existing key file (trailing newline allowed) and tightens loose permissions', () => {
    const file = join(root, MASTER_KEY_FILE);
    writeFileSync(file, `${HEX}\n`);
    chmodSync(file, 0o644);
    expect(resolveMasterKey({ dataDir: root, allowGenerate: true }).toString('hex')).toBe(HEX);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a corrupt key file instead of replacing it', () => {
    const file = join(root, MASTER_KEY_FILE);
    writeFileSync(file, 'not a key', { mode: 0o600 });
    expect(errorOf(() => resolveMasterKey({ dataDir: root, allowGenerate: true })).code).toBe('master_key_file_invalid');
    expect(readFileSync(file, 'utf8')).toBe('not a key');
  });

  it('prefers DTE_MASTER_KEY over an existing file', () => {
    writeFileSync(join(root, MASTER_KEY_FILE), 'b2'.repeat(32), { mode: 0o600 });
    expect(resolveMasterKey({ value: HEX, dataDir: root, allowGenerate: true }).toString('hex')).toBe(HEX);
  });
});
