import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** 32 base62 characters ≈ 190 random bits. */
const SECRET_LENGTH = 32;

/** `whsec_` + 32 base62 characters, by rejection sampling (no modulo bias). */
export function generateWebhookSecret(random: (n: number) => Buffer = randomBytes): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const b of random(SECRET_LENGTH * 2)) {
      if (b < 248 && out.length < SECRET_LENGTH) out += BASE62[b % 62]; // 248 = 4×62
    }
  }
  return `${WEBHOOK_SECRET_PREFIX}${out}`;
}

export function isWebhookSecret(text: string): boolean {
  return /^whsec_[0-9A-Za-z]{32,128}$/.test(text);
}
