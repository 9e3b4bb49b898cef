/**
 * The simulator's own check of an RS512 compact JWS (RFC 7515 §5.2 with RSASSA-PKCS1-v1_5 over
 * SHA-512), written apart from the service's signer and verifier on purpose: a mistake the two of
 * them share (the bytes signed, the base64url alphabet, the digest) would otherwise pass the
 * simulator unseen and be found only by MH. It decodes the three segments itself, refuses any
 * padding or character outside base64url, and verifies with `createVerify('RSA-SHA512')`.
 */
import { createVerify, type KeyObject } from 'node:crypto';

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Decodes one unpadded base64url segment; null when it is not one (a length of 1 mod 4 cannot be). */
function segmentBytes(segment: string): Buffer | null {
  if (!SEGMENT.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (segment.length % 4)) % 4);
  return Buffer.from(base64, 'base64');
}

/** Whether `jws` carries an RS512 signature by the private half of `publicKey` over its own first two segments. */
export function rs512SignatureHolds(jws: string, publicKey: KeyObject): boolean {
  const segments = jws.split('.');
  if (segments.length !== 3) return false;
  const [header, payload, signature] = segments;
  if (!segmentBytes(header) || !segmentBytes(payload)) return false;
  const sig = segmentBytes(signature);
  if (!sig || publicKey.asymmetricKeyType !== 'rsa') return false;
  try {
    return createVerify('RSA-SHA512').update(`${header}.${payload}`, 'ascii').verify(publicKey, sig);
  } catch {
    return false;
  }
}
