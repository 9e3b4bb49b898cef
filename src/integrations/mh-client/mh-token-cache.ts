/**
 * MH tokens per (environment, NIT, user, password fingerprint). MH does not say when a token expires (24 h in production,
 * configurable on its side), so a token is reused for at most `maxAgeMs` (default 20 h) and then
 * renewed before MH would refuse it; a 401 also drops it.
 */
export const DEFAULT_TOKEN_MAX_AGE_MS = 20 * 60 * 60 * 1000;

export class MhTokenCache {
  private readonly tokens = new Map<string, { token: string; obtainedAt: number }>();

  constructor(private readonly maxAgeMs: number, private readonly now: () => Date) {}

  get(key: string): string | null {
    const t = this.tokens.get(key);
    if (!t) return null;
    if (this.now().getTime() - t.obtainedAt >= this.maxAgeMs) {
      this.tokens.delete(key);
      return null;
    }
    return t.token;
  }

  set(key: string, token: string): void {
    this.tokens.set(key, { token, obtainedAt: this.now().getTime() });
  }

  clear(key: string): void {
    this.tokens.delete(key);
  }
}

/** MH's `body.token` already starts with `Bearer `; add it when a response omits it. */
export function normaliseToken(token: string): string {
  const t = token.trim();
  return /^Bearer\s+/i.test(t) ? `Bearer ${t.replace(/^Bearer\s+/i, '')}` : `Bearer ${t}`;
}
