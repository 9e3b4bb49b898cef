import { GraphQLError } from 'graphql';
import { insufficientScopeMessage } from '../../domain/identity/insufficient-scope.message';
import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';

/** Top-level GraphQL error with the service's code (upper case) and the HTTP status REST uses. */
export function serviceError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: code.toUpperCase(), http: { status: ERROR_CODES[code].status }, ...extra },
  });
}

export const unauthenticated = () =>
  serviceError('unauthenticated', 'Falta una llave de API válida: envíe el encabezado "Authorization: Bearer sk_test_…" o "sk_live_…" (o inicie sesión en el panel).');

export const insufficientScope = (scope: string, scheme?: string) =>
  serviceError('insufficient_scope', insufficientScopeMessage(scope, scheme), { requiredScope: scope });
