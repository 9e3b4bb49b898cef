/**
 * Opaque bearer tokens issued by `/seguridad/auth`, kept in memory only (a restart logs every
 * client out; MH clients re-login on a 401). Each token grants the (NIT, environment) pairs whose
 * enrolment matched the user and password.
 */
import { randomBytes } from 'node:crypto';

export interface TokenGrant {
  user: string;
  scopes: { nit: string; environment: string }[];
  expiresAt: Date;
}

export class TokenRegistry {
  private readonly tokens = new Map<string, TokenGrant>();

  constructor(private readonly now: () => Date, private readonly ttlMs: number) {}

  /** Returns the token as MH does: `Bearer <opaque>`. */
  issue(user: string, scopes: TokenGrant['scopes']): string {
    this.prune();
    const raw = randomBytes(32).toString('base64url');
    this.tokens.set(raw, { user, scopes, expiresAt: new Date(this.now().getTime() + this.ttlMs) });
    return `Bearer ${raw}`;
  }

  /** The grant of an `Authorization` header value (with or without `Bearer `); null when unknown or expired. */
  resolve(header: string | undefined): TokenGrant | null {
    if (!header) return null;
    const raw = header.replace(/^Bearer\s+/i, '').trim();
    const grant = this.tokens.get(raw);
    if (!grant) return null;
    if (grant.expiresAt.getTime() <= this.now().getTime()) {
      this.tokens.delete(raw);
      return null;
    }
    return grant;
  }

  revokeAll(): number {
    const n = this.tokens.size;
    this.tokens.clear();
    return n;
  }

  private prune(): void {
    const now = this.now().getTime();
    for (const [raw, g] of this.tokens) if (g.expiresAt.getTime() <= now) this.tokens.delete(raw);
  }
}

export function grantCovers(grant: TokenGrant, nit: string, environment: string): boolean {
  return grant.scopes.some((s) => s.nit === nit && s.environment === environment);
}
