import { DomainError } from '../../domain/shared/domain-error';
import { serviceError } from './graphql-errors';

/** Runs a query body: a refusal (DomainError) becomes a top-level error with its code and field. */
export async function runQuery<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
    throw err;
  }
}
