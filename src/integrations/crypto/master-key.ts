import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CryptoError } from './crypto-error';

export const MASTER_KEY_FILE = 'master.key';
const HEX_64 = /^[0-9a-fA-F]{64}$/;

export interface ResolveMasterKeyOptions {
  /** Value of DTE_MASTER_KEY; undefined or blank means unset. */
  value?: string;
  /** Where `master.key` lives when the key is generated (embedded mode). */
  dataDir: string;
  /** Embedded mode only: read or create `<dataDir>/master.key` when `value` is unset. */
  allowGenerate: boolean;
}

/**
 * The 32-byte master key that seals every stored secret.
 * Precedence: DTE_MASTER_KEY; else (only when allowed) `<dataDir>/master.key`, created on first use
 * with mode 0600 in a 0700 directory. Creation is atomic, so concurrent starts agree on one key.
 */
export function resolveMasterKey(opts: ResolveMasterKeyOptions): Buffer {
  const value = opts.value?.trim();
  if (value) {
    if (!HEX_64.test(value)) {
      throw new CryptoError(
        'master_key_invalid',
        'DTE_MASTER_KEY debe tener exactamente 64 caracteres hexadecimales (32 bytes).',
      );
    }
    return Buffer.from(value, 'hex');
  }
  if (!opts.allowGenerate) {
    throw new CryptoError(
      'master_key_missing',
      'Falta DTE_MASTER_KEY: defina 64 caracteres hexadecimales (32 bytes), la misma en todas las instancias.',
    );
  }
  return readOrCreateKeyFile(opts.dataDir);
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = join(dataDir, MASTER_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = join(dataDir, `.${MASTER_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(tmp, 0o600);
    linkSync(tmp, file); // atomic; fails with EEXIST when another process created it first
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const created = readKeyFile(file);
  if (!created) throw fileInvalid(file);
  return created;
}

/** The key in `file`, null when the file does not exist. */
function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (!HEX_64.test(text)) throw fileInvalid(file);
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return Buffer.from(text, 'hex');
}

function fileInvalid(file: string): CryptoError {
  return new CryptoError(
    'master_key_file_invalid',
    `El archivo ${file} no contiene una llave maestra válida (64 caracteres hexadecimales). Restáurelo o defina DTE_MASTER_KEY.`,
  );
}
