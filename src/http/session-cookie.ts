import type { IncomingMessage } from 'node:http';

/** The panel session cookie (panel.md): HttpOnly, SameSite=Lax, Path=/, no Domain; Secure over https. */
export const SESSION_COOKIE = 'service_session';

/** The value of one cookie in a `Cookie` header; null when absent (the first one wins, as browsers send the most specific first). */
export function readCookie(header: string | undefined | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return null;
}

export function sessionTokenOf(req: IncomingMessage): string | null {
  const h = req.headers.cookie;
  return readCookie(Array.isArray(h) ? h.join('; ') : h, SESSION_COOKIE);
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
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeS))}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The address a request came from, by TRUST_PROXY: Express's `req.ip` (its `trust proxy`), or the one
 * the graphql-ws server set on the upgrade request by the same rule. For throttling, rate limits,
 * the audit log and the keys' allowed addresses.
 */
export function clientAddress(req: IncomingMessage & { ip?: string }): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'desconocida').replace(/^::ffff:/, '');
}
