import { GraphQLError } from 'graphql';
import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';

/** Top-level GraphQL error with the service's code (upper case) and the HTTP status REST uses. */
export function serviceError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: code.toUpperCase(), http: { status: ERROR_CODES[code].status }, ...extra },
  });
}

export const unauthenticated = () =>
  serviceError('unauthenticated', 'Falta una llave de API válida: envíe el encabezado "Authorization: Bearer sk_test_…" o "sk_live_…" (o inicie sesión en el panel).');

/** The Spanish refusal for a missing scope: the key's, or the role's with a panel session. */
export function insufficientScopeMessage(scope: string, scheme: string | undefined): string {
  return scheme === 'session'
    ? `Su rol en la cuenta no tiene el permiso "${scope}" que requiere esta operación.`
    : scheme === 'embed_view'
      ? 'La vista incrustada es de solo lectura.'
      : `La llave de API no tiene el permiso "${scope}" que requiere esta operación.`;
}

export const insufficientScope = (scope: string, scheme?: string) =>
  serviceError('insufficient_scope', insufficientScopeMessage(scope, scheme), { requiredScope: scope });
