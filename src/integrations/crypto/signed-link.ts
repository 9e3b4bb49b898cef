import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links that need no API key: `<b64url payload>.<b64url HMAC-SHA256>`, the payload being
 * `{...fields, exp}` (exp in Unix seconds). The key is derived from the master key, so every instance
 * on one database verifies the others' links.
 */
export class LinkSigner {
  constructor(private readonly key: Buffer) {}

  sign(fields: Record<string, string>, expiresAt: Date): string {
    const payload = Buffer.from(JSON.stringify({ ...fields, exp: Math.floor(expiresAt.getTime() / 1000) }), 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The fields, or why the link is refused: `invalid` (malformed or tampered) or `expired`. */
  verify(token: string, now: Date): { ok: true; fields: Record<string, string>; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' } {
    if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'invalid' };
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.mac(payload), 'utf8');
    const given = Buffer.from(mac, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const exp = Number(parsed.exp);
    if (!Number.isFinite(exp)) return { ok: false, reason: 'invalid' };
    if (now.getTime() >= exp * 1000) return { ok: false, reason: 'expired' };
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (k !== 'exp' && typeof v === 'string') fields[k] = v;
    return { ok: true, fields, expiresAt: new Date(exp * 1000) };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
