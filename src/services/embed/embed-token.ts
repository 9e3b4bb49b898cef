import { createHash, randomBytes } from 'node:crypto';

/** A link's token lives at most this long (the caller may ask for less). */
export const EMBED_MAX_TTL_S = 300;
/** How long the read-only view opened by a link may be used (in the page's memory only). */
export const EMBED_VIEW_TTL_S = 1800;
/** View tokens start with this, so a door tells them from API keys without a lookup. */
export const EMBED_VIEW_TOKEN_PREFIX = 'vt_';
/** Scopes of a view token: reads only, and never webhooks, keys or users. */
export const EMBED_VIEW_SCOPES = ['emitters:read', 'documents:read', 'fiscal:read'] as const;

export const hashEmbedToken = (t: string): string => createHash('sha256').update(t).digest('hex');

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const newViewToken = (): string => `${EMBED_VIEW_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A token of the right shape (base64url, bounded length) before any lookup. */
export function isWellFormedEmbedToken(t: unknown): t is string {
  return typeof t === 'string' && t.length >= 20 && t.length <= 100 && /^[A-Za-z0-9_-]+$/.test(t);
}

/** The embed view's page: `/panel/embed/<embed session id>#<token>` (the id is not secret; it names the account's allowed frame ancestors). */
export const EMBED_PAGE_PATH = '/panel/embed';
