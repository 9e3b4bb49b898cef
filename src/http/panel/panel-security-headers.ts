import { createHash } from 'node:crypto';

/**
 * The CSP sources of a page's inline scripts, one `'sha256-…'` per script: the browser runs an inline
 * script only if its exact text hashes to one of them, so no other inline code (an injected one
 * included) runs, and no 'unsafe-inline' is needed. The panel's page has one (its first-screen requests).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers of the panel's pages. Scripts come only from the service itself, plus the inline
 * scripts of the page named by their hashes; no inline style. Data goes to /graphql and /v1 on the
 * same origin (the WebSocket included: 'self' covers ws/wss of the same host).
 */
export function panelContentSecurityPolicy(frameAncestors: readonly string[], scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

export function panelPageHeaders(frameAncestors: readonly string[] = [], scriptHashes: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': panelContentSecurityPolicy(frameAncestors, scriptHashes),
    'Cache-Control': 'no-cache',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (!frameAncestors.length) headers['X-Frame-Options'] = 'DENY';
  return headers;
}
