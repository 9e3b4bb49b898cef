/**
 * `DATABASE_URL` as libpq reads it, with several hosts (`postgres://u:p@h1:5432,h2:5432/db?…`) for a
 * highly available PostgreSQL: node-postgres takes one host only, so the service parses the list
 * itself and picks the host by `target_session_attrs` (database-hosts.ts, ADR 0060).
 */
export interface ParsedDatabaseUrl {
  hosts: { host: string; port: number }[];
  user: string;
  password: string | undefined;
  database: string;
  /** `any` (default) or `read-write` (the primary); `primary` is read as `read-write`. */
  targetSessionAttrs: 'any' | 'read-write';
  /** Every other query parameter (sslmode, application_name…), as given. */
  params: Record<string, string>;
}

export class DatabaseUrlError extends Error {}

const SCHEME = /^(postgres|postgresql):\/\//;

export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  const m = SCHEME.exec(url);
  if (!m) throw new DatabaseUrlError('debe empezar con postgres:// o postgresql://');
  let rest = url.slice(m[0].length);
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)];
  let path = '';
  const slash = rest.indexOf('/');
  if (slash >= 0) [rest, path] = [rest.slice(0, slash), rest.slice(slash + 1)];
  let userinfo = '';
  const at = rest.lastIndexOf('@');
  if (at >= 0) [userinfo, rest] = [rest.slice(0, at), rest.slice(at + 1)];
  const [rawUser, rawPassword] = userinfo.includes(':') ? [userinfo.slice(0, userinfo.indexOf(':')), userinfo.slice(userinfo.indexOf(':') + 1)] : [userinfo, undefined];
  const hosts = rest.split(',').map((h) => {
    const hm = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(h);
    if (!hm) throw new DatabaseUrlError(`el servidor «${h}» no es host o host:puerto`);
    const port = hm[2] ? Number(hm[2]) : 5432;
    if (port < 1 || port > 65535) throw new DatabaseUrlError(`el puerto de «${h}» no es válido`);
    return { host: decode(hm[1].replace(/^\[|\]$/g, '')), port };
  });
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) params[k] = v;
  const tsa = params.target_session_attrs ?? 'any';
  delete params.target_session_attrs;
  if (!['any', 'read-write', 'primary'].includes(tsa)) throw new DatabaseUrlError(`target_session_attrs=${tsa} no es admitido (any, read-write o primary)`);
  return {
    hosts,
    user: decode(rawUser),
    password: rawPassword === undefined ? undefined : decode(rawPassword),
    database: decode(path) || decode(rawUser) || 'postgres',
    targetSessionAttrs: tsa === 'any' ? 'any' : 'read-write',
    params,
  };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new DatabaseUrlError('tiene un escape de porcentaje mal formado');
  }
}

/** Whether the URL needs the service's own host selection (several hosts, or a session attribute to check). */
export function needsHostSelection(p: ParsedDatabaseUrl): boolean {
  return p.hosts.length > 1 || p.targetSessionAttrs !== 'any';
}
