/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a
 * failover, `pg_terminate_backend`, a network cut), as opposed to an error of the statement itself.
 * Such an error is the caller's 503 with Retry-After, never a 500: the same request succeeds once
 * the database is back (ADR 0037).
 *
 * Looks through the wrappers the drivers put around it (MikroORM's DriverException keeps the pg error
 * as `previous`, knex and Node as `cause`, GraphQL as `originalError`).
 */
export function isConnectionLost(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if (looksLikeConnectionLoss(e as ErrorLike)) return true;
    const o = e as ErrorLike;
    e = o.previous ?? o.cause ?? o.originalError;
  }
  return false;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  previous?: unknown;
  cause?: unknown;
  originalError?: unknown;
}

/** SQLSTATE classes and codes of a lost or refused connection (PostgreSQL, appendix A). */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down / in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a standby answered (failover in progress)
]);

const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT']);

const MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Timeout acquiring a connection',
  'Cannot use a pool after calling end on the pool',
  'terminating connection due to',
  'the database system is',
  'server closed the connection unexpectedly',
  'Connection closed',
];

function looksLikeConnectionLoss(e: ErrorLike): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') && code.length === 5) return true; // connection_exception class
  if (SQLSTATES.has(code)) return true;
  // ENOENT only as a socket path that is gone (the embedded database's socket), never a file of ours.
  if (NODE_CODES.has(code) && (code !== 'ENOENT' || /connect ENOENT/.test(String(e.message ?? '')))) return true;
  if (e.name === 'ConnectionException') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return MESSAGES.some((m) => message.includes(m));
}
