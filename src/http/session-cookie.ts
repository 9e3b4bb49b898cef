import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';

/**
 * The panel session cookie (panel.md): HttpOnly, SameSite=Lax, Path=/, no Domain; Secure over https,
 * and then named with the `__Host-` prefix, which a browser accepts only from this very host, Secure,
 * with Path=/ and no Domain — so no sibling subdomain can plant or shadow it (ADR 0052).
 */
export const SESSION_COOKIE = 'service_session';
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The cookie's name where the service is served over https (`__Host-service_session`) or plain http. */
export function sessionCookieName(secure: boolean): string {
  return secure ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

/** The value of one cookie in a `Cookie` header (the `cookie` package; the first one wins); null when absent. */
export function readCookie(header: string | undefined | null, name: string): string | null {
  if (!header) return null;
  try {
    return parseCookies(header)[name] ?? null;
  } catch {
    return null;
  }
}

/** The session token a request carries: over https only the `__Host-` cookie counts, over http the plain one. */
export function sessionTokenOf(req: IncomingMessage & { protocol?: string }, publicBaseUrl: string | null): string | null {
  const h = req.headers.cookie;
  return readCookie(Array.isArray(h) ? h.join('; ') : h, sessionCookieName(isSecureContext(req, publicBaseUrl)));
}

/**
 * True when the request reached us over https (Express's `req.protocol`, which reads
 * `X-Forwarded-Proto` only under `trust proxy`), or the service's public address is https.
 */
export function isSecureContext(req: IncomingMessage & { protocol?: string }, publicBaseUrl: string | null): boolean {
  if (req.protocol === 'https' || (req.socket as { encrypted?: boolean }).encrypted) return true;
  return !!publicBaseUrl && publicBaseUrl.startsWith('https:');
}

export function sessionCookie(token: string, maxAgeS: number, secure: boolean): string {
  return `${sessionCookieName(secure)}=${token}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeS))}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The address a request came from, by TRUST_PROXY: Express's `req.ip` (its `trust proxy`), or the one
 * the graphql-ws server set on the upgrade request by the same rule. For throttling, rate limits,
 * the audit log and the keys' allowed addresses.
 */
export function clientAddress(req: IncomingMessage & { ip?: string }): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'desconocida').replace(/^::ffff:/, '');
}
