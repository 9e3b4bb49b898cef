import { DomainError } from '../../domain/shared/domain-error';
import { isErrorCode } from '../../domain/shared/error-codes';
import type { MhMessage, UserError } from './user-error.type';

/** MH's answer a refusal carries (DomainError `extra.mh`), or null. */
export function mhOf(err: DomainError): MhMessage | null {
  const mh = err.extra?.mh as MhMessage | undefined;
  return mh ? { codigoMsg: mh.codigoMsg, descripcionMsg: mh.descripcionMsg, observaciones: mh.observaciones } : null;
}

/** A refusal as the `errors` of a mutation payload (and of the REST routes that call the service directly). */
export function userErrorsOf(err: DomainError): UserError[] {
  return err.errors.map((e) => ({ field: e.path, code: isErrorCode(e.code) ? e.code : 'invalid_value', message: e.message, mh: mhOf(err) }));
}

/**
 * Runs a mutation body: business refusals (DomainError) become `errors` in the payload, any other
 * failure stays a GraphQL error.
 */
export async function runMutation<T extends object>(body: () => Promise<T>): Promise<T & { errors: UserError[] }> {
  try {
    return { ...(await body()), errors: [] };
  } catch (err) {
    if (err instanceof DomainError) {
      return { errors: userErrorsOf(err) } as unknown as T & { errors: UserError[] };
    }
    throw err;
  }
}
