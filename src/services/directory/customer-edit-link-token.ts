import { createHash, randomBytes } from 'node:crypto';
import { trimTrailing } from '../../domain/shared/linear-text';

/** A customer self-service link lives this long (ADR 0064). */
export const CUSTOMER_EDIT_LINK_TTL_S = 7 * 24 * 3600;

/** The page a link opens (served by the service, outside /v1; logs show the token as `[oculto]`). */
export const CUSTOMER_EDIT_PAGE_PATH = '/clientes/datos/';

export const hashEditLinkToken = (t: string): string => createHash('sha256').update(t).digest('hex');
export const newEditLinkToken = (): string => randomBytes(32).toString('base64url');

/** A token of the right shape (base64url, bounded length) before any lookup. */
export function isWellFormedEditLinkToken(t: unknown): t is string {
  return typeof t === 'string' && t.length >= 20 && t.length <= 100 && /^[A-Za-z0-9_-]+$/.test(t);
}

export const editLinkUrl = (baseUrl: string, token: string): string => `${trimTrailing(baseUrl, '/')}${CUSTOMER_EDIT_PAGE_PATH}${token}`;
