import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../src/domain/shared/error-codes';
import type { RestRoute } from './route';

/** One documented success answer of an operation. */
export interface SuccessResponse {
  status: number;
  description: string;
  /** JSON body schema; null with no `mediaTypes` means no body. */
  schema: z.ZodType | null;
  /** `application/json` with `schema`, or the binary media types of the body; empty: no body. */
  mediaTypes: readonly string[];
}

/** Everything an operation can answer: its successes and its refusals (problem codes by status). */
export interface RouteResponses {
  successes: SuccessResponse[];
  problems: Map<number, ErrorCode[]>;
}

const SUCCESS_TEXT: Record<number, string> = {
  200: 'Éxito',
  201: 'Creado',
  202: 'Aceptado: el trabajo sigue en segundo plano (un webhook avisa el resultado)',
  204: 'Sin contenido',
  302: 'Redirección al enlace firmado (encabezado Location)',
};

/**
 * The refusals a route's shape implies, mirroring `rest-router.ts` step by step: every body is read
 * against the size limit; every path and query parameter is refused with 400 `invalid_request` when it
 * holds a malformed percent-escape, NUL or a lone surrogate (any route, with or without a query
 * schema); POST/PUT/PATCH bodies must be JSON (or multipart) and well formed; an
 * API key or panel session (its rate limit, and the session's CSRF token on a method that changes
 * something) unless the route is public; the scope, or a panel session; the query; the body schema; Idempotency-Key on
 * POST (not under /v1/auth/*); an id in the path that is not found. Add the route's own refusals with
 * `refusals`.
 */
export function impliedRefusals(route: RestRoute): ErrorCode[] {
  const codes: ErrorCode[] = ['payload_too_large', 'invalid_request'];
  const readsBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (route.multipart) codes.push('unsupported_media_type');
  else if (readsBody) codes.push('unsupported_media_type', 'malformed_json');
  if (!route.public) codes.push('unauthenticated', 'rate_limited');
  // An API key used from outside its allowed_ips; a panel session still owing its second factor (ADRs 0053, 0054).
  if (!route.public) codes.push('api_key_address_forbidden');
  if (!route.public && !route.secondFactorPending) codes.push('second_factor_required');
  // A key limited to some emitters naming another (an emitter's routes, issuing), or issuing another type.
  if (route.scope && (route.path.startsWith('/v1/emitters') || route.id === 'issueDocument' || route.id === 'retryDocument')) codes.push('api_key_emitter_forbidden');
  if (route.id === 'issueDocument' || route.id === 'retryDocument') codes.push('api_key_document_type_forbidden');
  // A panel session without its X-CSRF-Token on a method that changes something.
  if (!route.public && route.method !== 'GET') codes.push('csrf_token_invalid');
  if (route.scope) codes.push('insufficient_scope');
  if (route.sessionOnly) codes.push(route.sessionOnly);
  if (route.body) codes.push('validation_failed');
  if (route.method === 'POST' && !route.public && route.idempotent !== false) codes.push('idempotency_key_missing', 'idempotency_key_invalid', 'idempotency_key_reused', 'idempotency_request_in_progress');
  if (route.path.includes('/:') && !route.public) codes.push('resource_not_found');
  return codes;
}

/** What the OpenAPI document says an operation answers, derived from the route alone. */
export function routeResponses(route: RestRoute): RouteResponses {
  const main: SuccessResponse = {
    status: route.status,
    description: SUCCESS_TEXT[route.status] ?? 'Éxito',
    schema: route.binaryMediaType ? null : route.response,
    mediaTypes: route.binaryMediaType ? [route.binaryMediaType].flat() : route.response ? ['application/json'] : [],
  };
  const others = (route.outcomes ?? []).map((o): SuccessResponse => {
    const schema = o.mediaType ? null : o.response === undefined ? route.response : o.response;
    return { status: o.status, description: o.description, schema, mediaTypes: o.mediaType ? [o.mediaType] : schema ? ['application/json'] : [] };
  });
  const successes = [main, ...others];
  if (new Set(successes.map((s) => s.status)).size !== successes.length) {
    throw new Error(`route ${route.id}: a success status is listed twice (status and outcomes)`);
  }
  const problems = new Map<number, ErrorCode[]>();
  for (const code of [...impliedRefusals(route), ...(route.refusals ?? [])]) {
    const status = ERROR_CODES[code].status;
    const list = problems.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    problems.set(status, list);
  }
  // A 422 refusal naming a field is answered as `validation_failed` listing it (rest-adapter/problem.ts).
  const unprocessable = problems.get(422);
  if (unprocessable && !unprocessable.includes('validation_failed')) unprocessable.unshift('validation_failed');
  return { successes, problems: new Map([...problems].sort(([a], [b]) => a - b)) };
}
