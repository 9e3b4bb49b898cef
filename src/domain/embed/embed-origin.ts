/** At most this many origins may frame an account's embed views. */
export const MAX_EMBED_ORIGINS = 20;

/**
 * An origin allowed to frame the embed view, as `Content-Security-Policy: frame-ancestors` takes it:
 * `https://host[:port]` (or `http://` for local development), nothing after the host. Returns the
 * normalised origin, or null when the text is not exactly an origin (a path, query, credentials,
 * wildcard or any character that could end the CSP directive is refused).
 */
export function parseEmbedOrigin(text: string): string | null {
  const t = text.trim();
  if (!t || t.length > 255 || /[\s;,'"*]/.test(t)) return null;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (t.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) return null;
  return url.origin;
}
