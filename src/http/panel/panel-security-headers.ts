/**
 * Security headers of the panel's pages. The build emits no inline script or style, so the policy
 * allows scripts only from the service itself; data goes to /graphql and /v1 on the same origin
 * (the WebSocket included: 'self' covers ws/wss of the same host).
 */
export function panelContentSecurityPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
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

export function panelPageHeaders(frameAncestors: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': panelContentSecurityPolicy(frameAncestors),
    'Cache-Control': 'no-cache',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (!frameAncestors.length) headers['X-Frame-Options'] = 'DENY';
  return headers;
}
