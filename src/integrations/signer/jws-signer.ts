import { sign, verify, type KeyObject } from 'node:crypto';

import { SignerError } from './signer-error';

export { SigningKeyCache } from './signing-key-cache';
export { SignerError, type SignerErrorCode } from './signer-error';

/** The only protected header MH's signer produces: `{"alg":"RS512"}`. */
export const JWS_HEADER_JSON = '{"alg":"RS512"}';
export const JWS_HEADER_B64 = Buffer.from(JWS_HEADER_JSON, 'utf8').toString('base64url'); // eyJhbGciOiJSUzUxMiJ9

const B64URL = /^[A-Za-z0-9_-]*$/;

export interface JwsVerification {
  valid: boolean;
  /** Decoded protected header; null when unreadable. */
  header: unknown;
  /** Decoded payload text; '' when unreadable. */
  payload: string;
}

/**
 * JWS compact serialization as MH expects it: header `{"alg":"RS512"}`, payload = the exact UTF-8
 * bytes of `payload` (the JSON text that gets stored), RSASSA-PKCS1-v1_5 with SHA-512, base64url
 * without padding.
 */
export function signCompact(payload: string, key: KeyObject): string {
  if (typeof payload !== 'string') throw new SignerError('signing_payload_invalid', 'El contenido a firmar debe ser texto JSON.');
  if (key?.type !== 'private' || key.asymmetricKeyType !== 'rsa') {
    throw new SignerError('signing_key_invalid', 'Para firmar se requiere una llave privada RSA.');
  }
  const input = `${JWS_HEADER_B64}.${Buffer.from(payload, 'utf8').toString('base64url')}`;
  return `${input}.${sign('sha512', Buffer.from(input, 'ascii'), key).toString('base64url')}`;
}

/** Verifies an RS512 compact JWS. Never throws: malformed input gives `valid: false`. */
export function verifyCompact(jws: string, publicKey: KeyObject): JwsVerification {
  const invalid: JwsVerification = { valid: false, header: null, payload: '' };
  if (typeof jws !== 'string') return invalid;
  const parts = jws.trim().split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p)) || !parts[0] || !parts[2]) return invalid;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const payload = Buffer.from(parts[1], 'base64url').toString('utf8');
  if (!isRs512Header(header)) return { valid: false, header, payload };
  let valid = false;
  try {
    const input = Buffer.from(`${parts[0]}.${parts[1]}`, 'ascii');
    valid = verify('sha512', input, publicKey, Buffer.from(parts[2], 'base64url'));
  } catch {
    valid = false;
  }
  return { valid, header, payload };
}

function isRs512Header(header: unknown): boolean {
  return (
    typeof header === 'object' &&
    header !== null &&
    !Array.isArray(header) &&
    (header as Record<string, unknown>).alg === 'RS512' &&
    !('crit' in header)
  );
}
