/**
 * How an error is written to the log. A database error must not carry the statement's parameters:
 * the ORM inlines them into its message (`select … where "nit" = '0614…' - duplicate key …`), and
 * PostgreSQL puts values into some messages (`invalid input syntax for type integer: "abc"`) and into
 * `detail` (`Key (nit)=(0614…) already exists`). Sealed secrets, NITs, e-mails and names would end up
 * in the error log. So a database error is logged parameter-free: its SQLSTATE, the kind of statement
 * and its table, PostgreSQL's message with every quoted value replaced, and the names PostgreSQL
 * reports (table, column, constraint), never `detail`, `where` or the SQL text.
 */

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  sql_state?: string;
  statement?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

type DbErrorLike = Error & {
  code?: unknown;
  sqlState?: unknown;
  severity?: unknown;
  routine?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
};

/** A PostgreSQL error (pg's DatabaseError) or the ORM's exception wrapping one. */
export function isDatabaseError(err: Error): boolean {
  const e = err as DbErrorLike;
  const state = typeof e.sqlState === 'string' ? e.sqlState : e.code;
  const fromPostgres = typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) && (typeof e.severity === 'string' || typeof e.routine === 'string');
  const fromOrm = /Exception$/.test(err.name) && / - /.test(err.message) && SQL_START.test(err.message);
  return fromPostgres || fromOrm;
}

const SQL_START = /^\s*(select|insert|update|delete|with)\b/i;
const QUOTED = /'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"/g;

/** The ORM appends PostgreSQL's `detail` and `hint` as `\n - detail: …` lines: they hold values. */
function withoutAppendedDetail(message: string): string {
  const i = message.search(/\n - (?:detail|hint): /);
  return i >= 0 ? message.slice(0, i) : message;
}

/** PostgreSQL's own message, without the statement the ORM prefixes and without quoted values. */
export function parameterFreeMessage(full: string): string {
  const message = withoutAppendedDetail(full);
  const sep = message.lastIndexOf(' - ');
  const own = sep >= 0 && SQL_START.test(message) ? message.slice(sep + 3) : message;
  return own.replace(QUOTED, '…').slice(0, 300);
}

/** `insert into "emitters" (…` → `insert emitters` (no values). */
export function statementKind(full: string): string | undefined {
  const message = withoutAppendedDetail(full);
  const sep = message.lastIndexOf(' - ');
  if (sep < 0) return undefined;
  const sql = message.slice(0, sep);
  const verb = SQL_START.exec(sql)?.[1]?.toLowerCase();
  if (!verb) return undefined;
  const table = /\b(?:from|into|update)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

export function serializeError(err: Error, mask: (text: string) => string): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: mask(String(err)) };
  if (!isDatabaseError(err)) return { type: err.name, message: mask(err.message), stack: err.stack ? mask(err.stack) : undefined };
  const e = err as DbErrorLike;
  const message = parameterFreeMessage(err.message);
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: LoggedError = { type: err.name, message, stack: [`${err.name}: ${message}`, ...frames].join('\n') };
  const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : undefined;
  if (state) out.sql_state = state;
  const statement = statementKind(err.message);
  if (statement) out.statement = statement;
  for (const k of ['table', 'column', 'constraint'] as const) if (typeof e[k] === 'string') out[k] = e[k] as string;
  return out;
}
