/**
 * TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30 s steps) through `otpauth` (ADR 0053), and the QR that
 * carries the secret to an authenticator app (`qrcode`). A code is accepted one step either side of
 * now (clock drift); the step it matched is returned so the caller can refuse it a second time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD_S = 30;
const ISSUER = 'Facturación electrónica';

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** The `otpauth://` URI an authenticator app reads (from the QR, or typed). */
export function totpUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/** A PNG data URL of the URI's QR code. */
export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The time step a six-digit code matches at `atMs` (±1 step), or null. */
export function matchTotp(secretBase32: string, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32, 'x').validate({ token: code, timestamp: atMs, window: 1 });
  return delta === null ? null : Math.floor(atMs / 1000 / TOTP_PERIOD_S) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use recovery codes, `xxxx-xxxx-xxxx` (12 characters of a 31-letter alphabet, ~59 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    let out = '';
    while (out.length < 12) for (const b of randomBytes(16)) if (b < 248 && out.length < 12) out += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
    return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8)}`;
  });
}

/** How a recovery code is stored: the SHA-256 of its normalised text (lower case, no spaces or dashes). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');
}
