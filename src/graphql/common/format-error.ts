import type { GraphQLFormattedError } from 'graphql';

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
export function formatGraphQLError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (isTypedError(formatted)) return formatted;
  return { message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_ERROR' }, path: formatted.path };
}
