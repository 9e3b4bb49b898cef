import type { GraphQLFormattedError } from 'graphql';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost } from '../../services/shared/database-unavailable';

export const INTERNAL_ERROR_MESSAGE = 'Ocurrió un error interno. Si persiste, comuníquese con soporte indicando el X-Request-Id.';

/** True for an error the client caused or may see as it is (it carries one of the service's codes). */
export function isTypedError(formatted: GraphQLFormattedError): boolean {
  const code = formatted.extensions?.code;
  return typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR' && code !== 'INTERNAL_ERROR';
}

/**
 * What a client sees of an error, over HTTP and graphql-ws alike: typed errors as they are; anything
 * else (a bug, the database) as INTERNAL_ERROR without its message, which is logged instead.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, original?: unknown): GraphQLFormattedError {
  if (isTypedError(formatted)) return formatted;
  if (original !== undefined && isConnectionLost(original)) return serviceUnavailableError(formatted.path);
  return { message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_ERROR' }, path: formatted.path };
}

/** The database could not be reached: a typed error the client retries (HTTP 503 with Retry-After over /graphql). */
export function serviceUnavailableError(path?: GraphQLFormattedError['path']): GraphQLFormattedError {
  return { message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: DATABASE_RETRY_AFTER_S }, ...(path ? { path } : {}) };
}

/** Whether a result's errors say the database was unreachable (its HTTP status is then 503). */
export function isServiceUnavailable(errors: readonly GraphQLFormattedError[] | undefined): boolean {
  return !!errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE');
}
