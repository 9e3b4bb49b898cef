/**
 * Paths that carry a bearer token (a signed download link, an old server-rendered embed link, a customer self-service link) are logged with the
 * token replaced: whoever reads the logs must not be able to open the file or the view. The token
 * segment is the one right after these prefixes.
 */
const TOKEN_PATH_PREFIXES = ['/v1/files/', '/v1/fiscal/embed/', '/clientes/datos/'];

export const REDACTED = '[oculto]';

export function redactPath(path: string): string {
  for (const prefix of TOKEN_PATH_PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    if (!rest) return path;
    const slash = rest.indexOf('/');
    return `${prefix}${REDACTED}${slash === -1 ? '' : rest.slice(slash)}`;
  }
  return path;
}
