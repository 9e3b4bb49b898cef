import type { FieldError } from '../domain/shared/domain-error';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../services/idempotency/idempotency-scope';

/** Checks the header value; returns the refusal (400) or null when usable. */
export function idempotencyKeyProblem(key: string | undefined, required: boolean): { code: 'idempotency_key_missing' | 'idempotency_key_invalid'; detail: string; errors: FieldError[] } | null {
  if (key === undefined || key === '') {
    if (!required) return null;
    const detail = 'Toda solicitud POST requiere el encabezado Idempotency-Key (texto de hasta 255 caracteres, por ejemplo un UUID).';
    return { code: 'idempotency_key_missing', detail, errors: [{ path: 'Idempotency-Key', code: 'idempotency_key_missing', message: detail }] };
  }
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const detail = `El encabezado Idempotency-Key admite hasta ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres (se recibieron ${key.length}).`;
    return { code: 'idempotency_key_invalid', detail, errors: [{ path: 'Idempotency-Key', code: 'idempotency_key_invalid', message: detail }] };
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    const detail = 'El encabezado Idempotency-Key solo admite caracteres ASCII visibles, sin espacios.';
    return { code: 'idempotency_key_invalid', detail, errors: [{ path: 'Idempotency-Key', code: 'idempotency_key_invalid', message: detail }] };
  }
  return null;
}

export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'Este Idempotency-Key ya se usó con otra solicitud (otro método, ruta o cuerpo). Use una llave nueva para una operación distinta.',
  inProgress: 'Una solicitud con este Idempotency-Key todavía se está procesando; reintente en unos segundos.',
};
