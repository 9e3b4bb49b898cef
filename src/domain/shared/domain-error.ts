import type { ErrorCode } from './error-codes';

/** A problem with one field of the input; `path` is camelCase dotted with indices (`items[0].unitPrice`). */
export interface FieldError {
  path: string | null;
  code: ErrorCode;
  message: string;
}

/**
 * A business refusal raised by a service. `errors` lists every field problem (at least one);
 * the code of the refusal as a whole is `code`.
 */
export class DomainError extends Error {
  readonly errors: FieldError[];
  constructor(
    readonly code: ErrorCode,
    message: string,
    errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
    this.errors = errors && errors.length ? errors : [{ path: null, code, message }];
  }

  static validation(errors: FieldError[]): DomainError {
    const n = errors.length;
    return new DomainError(
      'validation_failed',
      n === 1 ? errors[0].message : `La solicitud tiene ${n} errores de validación.`,
      errors,
    );
  }

  static field(code: ErrorCode, path: string, message: string): DomainError {
    return new DomainError(code, message, [{ path, code, message }]);
  }

  static notFound(what: string, path: string | null = 'id'): DomainError {
    const message = `No existe ${what} con ese identificador.`;
    return new DomainError('resource_not_found', message, [{ path, code: 'resource_not_found', message }]);
  }
}
