import { createHash, randomBytes } from 'node:crypto';

export type Environment = '00' | '01';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters ≈ 190 random bits (at least 128 are required). */
const SECRET_LENGTH = 32;

export const KEY_PREFIX: Record<Environment, string> = { '00': 'sk_test_', '01': 'sk_live_' };

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += BASE62[b % 62]; // 248 = 4×62: no modulo bias
    }
  }
  return out;
}

export function generateApiKey(environment: Environment): string {
  return `${KEY_PREFIX[environment]}${randomBase62(SECRET_LENGTH)}`;
}

/** The environment a key works in, from its prefix; null when the text is not a key. */
export function environmentOfKey(key: string): Environment | null {
  const m = /^sk_(test|live)_([0-9A-Za-z]{24,128})$/.exec(key);
  if (!m) return null;
  return m[1] === 'test' ? '00' : '01';
}

/** Keys carry ≥128 random bits, so a fast hash is enough and lookups stay O(1). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, 12);
}

export function environmentName(environment: Environment): 'test' | 'live' {
  return environment === '00' ? 'test' : 'live';
}
