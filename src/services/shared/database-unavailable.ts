/**
 * A lost database connection as the doors answer it: 503 with Retry-After (REST), the typed
 * SERVICE_UNAVAILABLE error (GraphQL), never an internal error (ADR 0037).
 */
export { isConnectionLost } from '../../persistence/connection-errors';

/** Seconds a client waits before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 2;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de datos no responde en este momento (reinicio o conmutación). Reintente en unos segundos con la misma Idempotency-Key: no se duplica nada.';
