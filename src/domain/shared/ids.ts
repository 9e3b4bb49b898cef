import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lowercase

/** Prefixes of every public id; the prefix tells the resource at a glance. */
export const IdPrefix = {
  account: 'acct',
  apiKey: 'key',
  emitter: 'emt',
  establishment: 'est',
  pointOfSale: 'pos',
  document: 'doc',
  event: 'evt',
  webhookEndpoint: 'we',
  delivery: 'dlv',
  webhookAttempt: 'wha',
  report: 'rpt',
  record: 'rec',
  idempotency: 'idem',
  credential: 'cred',
  documentEvent: 'dev',
  invalidation: 'inv',
  documentEmail: 'eml',
  fiscalReport: 'frp',
  embedSession: 'ems',
  fiscalRecord: 'frc',
} as const;

function encodeTime(ms: number): string {
  let out = '';
  let n = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[n % 32] + out;
    n = Math.floor(n / 32);
  }
  return out;
}

/** Random bytes for ids, drawn from the CSPRNG 4 KB at a time (one system call per 256 ids, not per id). */
const randomPool = Buffer.alloc(4096);
let poolOffset = randomPool.length;

/**
 * `emt_01jd…`: a prefix, 10 characters of millisecond time and 16 random characters (80 bits).
 * Ids sort by creation time, which gives lists a stable newest-first order without a second key.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  if (poolOffset + 16 > randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  let rand = '';
  for (let i = 0; i < 16; i++) rand += ALPHABET[randomPool[poolOffset + i] % 32];
  poolOffset += 16;
  return `${prefix}_${encodeTime(now)}${rand}`;
}

export function hasPrefix(id: string, prefix: string): boolean {
  return typeof id === 'string' && id.startsWith(`${prefix}_`) && id.length <= 64;
}
