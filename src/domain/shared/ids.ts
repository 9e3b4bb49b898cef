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
  idempotency: 'idem',
  credential: 'cred',
  documentEvent: 'dev',
  invalidation: 'inv',
  documentEmail: 'eml',
  fiscalReport: 'frp',
  embedSession: 'ems',
  fiscalRecord: 'frc',
  user: 'usr',
  panelSession: 'ses',
  auditEntry: 'aud',
  userToken: 'utk',
  recoveryCode: 'rcv',
  accountEmail: 'aml',
  customer: 'cus',
  product: 'prd',
  recurringDocument: 'rec',
  recurringOccurrence: 'reo',
  customerEditLink: 'cel',
  periodArchive: 'arc',
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

let sequence: number[] | null = null;

/**
 * `newId` whose random part is a counter: seeded at random once per process, then one more for each
 * id. Lines of a document's history are ordered by time and then id, so two lines written in the
 * same millisecond (signed, then transmitted) keep the order in which they were drawn.
 */
export function newSequentialId(prefix: string, now: number = Date.now()): string {
  if (sequence === null) {
    // Seeded below half the range: 2^79 ids before the counter could wrap.
    sequence = [...newId(prefix, now).slice(prefix.length + 11)].map((c) => ALPHABET.indexOf(c));
    sequence[0] %= 16;
  } else {
    let i = sequence.length - 1;
    while (i > 0 && sequence[i] === 31) sequence[i--] = 0;
    sequence[i]++;
  }
  return `${prefix}_${encodeTime(now)}${sequence.map((d) => ALPHABET[d]).join('')}`;
}

export function hasPrefix(id: string, prefix: string): boolean {
  return typeof id === 'string' && id.startsWith(`${prefix}_`) && id.length <= 64;
}
