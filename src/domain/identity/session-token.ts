import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Panel session tokens: 256 random bits (base64url). The cookie carries the token; the database keeps
 * only its SHA-256, so a copy of the database opens no session.
 */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** CSRF tokens and single-use link tokens: 256 random bits as well. */
export const generateOpaqueToken = generateSessionToken;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as a cookie or header may carry it: base64url, 20 to 128 characters. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(token);
}

/** Constant-time comparison of two tokens (false when either is missing). */
export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
