import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`. Each `v1` is the hexadecimal
 * HMAC-SHA256, keyed with an endpoint secret, of `t` + "." + the exact raw body bytes. During a secret
 * roll with overlap there is one `v1` per valid secret (the new one first).
 */
export function computeSignature(secret: string, timestampS: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestampS}.`, 'utf8').update(body).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestampS: number, body: string | Buffer): string {
  if (!secrets.length) throw new Error('se necesita al menos un secreto para firmar');
  return [`t=${timestampS}`, ...secrets.map((s) => `v1=${computeSignature(s, timestampS, body)}`)].join(',');
}

export interface ParsedSignatureHeader {
  timestampS: number;
  signatures: string[];
}

export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestampS: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === 't' && /^\d{1,12}$/.test(v)) timestampS = Number(v);
    else if (k === 'v1' && /^[0-9a-f]{64}$/.test(v)) signatures.push(v);
  }
  return timestampS === null || !signatures.length ? null : { timestampS, signatures };
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'malformed' | 'timestamp_out_of_tolerance' | 'no_matching_signature' };

/** What a receiver does: some `v1` matches and `t` is within `toleranceS` (5 minutes) of its clock. */
export function verifySignatureHeader(
  header: string,
  body: string | Buffer,
  secret: string,
  nowS: number,
  toleranceS = 300,
): VerifyResult {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowS - parsed.timestampS) > toleranceS) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const expected = Buffer.from(computeSignature(secret, parsed.timestampS, body), 'hex');
  const match = parsed.signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return match ? { ok: true } : { ok: false, reason: 'no_matching_signature' };
}
