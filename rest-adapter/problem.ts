import type { GraphQLFormattedError } from 'graphql';
import type { FieldError } from '../src/domain/shared/domain-error';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../src/domain/shared/error-codes';
import { camelPathToSnake } from './case-convert';

/** RFC 9457 problem details, in Spanish, as every REST error is rendered. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  errors: { path: string | null; code: string; message: string }[];
  mh?: { codigoMsg: string | null; descripcionMsg: string | null; observaciones: string[] };
}

export interface ProblemInput {
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  mh?: Problem['mh'];
}

export interface ProblemContext {
  baseUrl: string;
  instance: string;
  requestId: string;
}

export function problemTypeUri(baseUrl: string, code: string): string {
  return `${baseUrl}/problems/${code}`;
}

export function buildProblem(input: ProblemInput, ctx: ProblemContext): Problem {
  const meta = ERROR_CODES[input.code];
  const problem: Problem = {
    type: problemTypeUri(ctx.baseUrl, input.code),
    title: meta.title,
    status: meta.status,
    detail: input.detail,
    instance: ctx.instance,
    request_id: ctx.requestId,
    errors: (input.errors ?? []).map((e) => ({ path: e.path === null ? null : camelPathToSnake(e.path), code: e.code, message: e.message })),
  };
  if (input.mh) problem.mh = input.mh;
  return problem;
}

/**
 * Payload `errors` of a mutation → one problem. Field-level (422) codes become `validation_failed`
 * listing every error; a refusal with its own status (404, 409…), or a single refusal about the
 * request as a whole (no field), keeps its code.
 */
export function problemFromUserErrors(errors: { field: string | null; code: string; message: string; mh?: Problem['mh'] | null }[]): ProblemInput {
  const mh = errors.find((e) => e.mh)?.mh ?? undefined;
  return mh ? { ...problemFromFieldErrors(errors), mh } : problemFromFieldErrors(errors);
}

function problemFromFieldErrors(errors: { field: string | null; code: string; message: string }[]): ProblemInput {
  const fieldErrors: FieldError[] = errors.map((e) => {
    const code = e.code.toLowerCase();
    return { path: e.field, code: isErrorCode(code) ? code : 'invalid_value', message: e.message };
  });
  const specific = fieldErrors.find((e) => ERROR_CODES[e.code].status !== 422) ?? (fieldErrors.length === 1 && fieldErrors[0].path === null ? fieldErrors[0] : undefined);
  if (specific) return { code: specific.code, detail: specific.message, errors: fieldErrors };
  return {
    code: 'validation_failed',
    detail: fieldErrors.length === 1 ? fieldErrors[0].message : `La solicitud tiene ${fieldErrors.length} errores de validación.`,
    errors: fieldErrors,
  };
}

/** A top-level GraphQL error → problem; unknown codes are internal errors (details are logged, not shown). */
export function problemFromGraphQLError(err: GraphQLFormattedError): ProblemInput {
  const raw = String(err.extensions?.code ?? '').toLowerCase();
  if (isErrorCode(raw) && raw !== 'internal_error') {
    const field = typeof err.extensions?.field === 'string' ? err.extensions.field : null;
    return { code: raw, detail: err.message, errors: field ? [{ path: field, code: raw, message: err.message }] : [] };
  }
  return { code: 'internal_error', detail: 'Ocurrió un error interno. Si persiste, comuníquese con soporte indicando el request_id.' };
}
