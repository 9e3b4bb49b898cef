import type { NextFunction, Request, Response } from 'express';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { match, type MatchFunction } from 'path-to-regexp';
import type { Logger } from '../src/config/logger';
import { createLoaders } from '../src/graphql/common/loaders';
import type { GraphQLContext } from '../src/graphql/common/context';
import type { ApiGuard } from '../src/http/api-guard';
import { IDEMPOTENCY_MESSAGES, idempotencyKeyProblem } from '../src/http/idempotency-key';
import { tooDeepMessage, tooDeepPath } from '../src/http/json-depth';
import { redactPath } from '../src/http/log-redaction';
import { requestIdOf } from '../src/http/request-id';
import type { Actor } from '../src/services/shared/actor';
import type { Services } from '../src/services/services';
import { requestEnvironment } from '../src/services/shared/request-environment';
import { zodIssuesToFieldErrors } from '../src/domain/shared/zod-errors';
import { markParsed } from '../src/domain/shared/parsed-input';
import { DomainError } from '../src/domain/shared/domain-error';
import { mhOf, userErrorsOf } from '../src/graphql/common/run-mutation';
import { findUnsafeText, mayHoldUnsafeText, unsafeTextMessage, unsafeTextReason } from '../src/domain/shared/unsafe-text';
import { isConnectionLost } from '../src/services/shared/database-unavailable';
import { snakeKeysToCamel } from './case-convert';
import { databaseUnavailable, isStreamBody, jsonResult, problemResult, writeResult, writeStreamResult, type HttpResult, type StreamBody } from './http-result';
import { problemFromGraphQLError, problemFromUserErrors, type ProblemContext, type ProblemInput } from './problem';
import { BodyTooLargeError, isJsonMediaType, readBody } from './read-body';
import type { RestRoute, RouteInput } from './route';
import { trimTrailing } from '../src/domain/shared/linear-text';

interface CompiledRoute {
  route: RestRoute;
  match: MatchFunction<Record<string, string>>;
}

export interface RestRouterOptions {
  routes: readonly RestRoute[];
  schema: GraphQLSchema;
  services: Services;
  guard: ApiGuard;
  logger: Logger;
  bodyLimitBytes: number;
  baseUrl: () => string;
}

/** A step of the pipeline either refuses (the problem to answer) or hands its value on. */
type Step<T> = { ok: true; value: T } | { ok: false; result: HttpResult };
const pass = <T>(value: T): Step<T> => ({ ok: true, value });
const stop = (result: HttpResult): Step<never> => ({ ok: false, result });

/** The request body as read: JSON (parsed, checked) or a multipart upload handed to the route. */
interface ReadBody {
  json: unknown;
  multipart: RouteInput['raw'];
}

/**
 * Compiles the route table and returns the /v1 middleware.
 *
 * Each request goes through the same steps, in this order: find the route → authentication, rate
 * limit and scope (nothing else is looked at before) → path parameters → query → body (size, media
 * type, JSON, depth, text) → Idempotency-Key → body validation and the use case.
 */
export function createRestRouter(opts: RestRouterOptions) {
  const compiled: CompiledRoute[] = opts.routes.map((route) => {
    if (!route.call === !route.handler) throw new Error(`route ${route.id}: una ruta tiene \`call\` o \`handler\` (uno de los dos)`);
    // Parameters are matched raw and decoded afterwards (decodePathParams): a malformed
    // percent-escape is the caller's 400, never an exception inside the matcher.
    return { route, match: match<Record<string, string>>(route.path, { decode: false }) };
  });
  // Routes by method and first two segments (`GET /v1/emitters`), in table order: a request is
  // matched against its resource's routes only. Every route of the table starts with two literal segments.
  const byResource = new Map<string, CompiledRoute[]>();
  for (const c of compiled) {
    const key = resourceKey(c.route.method, c.route.path);
    if (/[:*{(]/.test(key)) throw new Error(`route ${c.route.id}: the first two segments of its path must be literal`);
    byResource.set(key, [...(byResource.get(key) ?? []), c]);
  }

  return async function restRouter(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!req.path.startsWith('/v1/') && req.path !== '/v1') return next();
    const ctx: ProblemContext = { baseUrl: opts.baseUrl(), instance: req.originalUrl.split('?')[0], requestId: requestIdOf(res) };
    try {
      const result = await handle(req, res, ctx);
      if (isStreamBody(result.body)) await writeStreamResult(res, result as HttpResult & { body: StreamBody });
      else writeResult(res, result);
    } catch (err) {
      if (isConnectionLost(err)) {
        opts.logger.warn({ err, request_id: ctx.requestId, path: redactPath(ctx.instance) }, 'base de datos no disponible: 503');
        if (!res.headersSent) writeResult(res, databaseUnavailable(ctx));
        else res.destroy();
        return;
      }
      opts.logger.error({ err, request_id: ctx.requestId, path: redactPath(ctx.instance) }, 'error no controlado en REST');
      if (!res.headersSent) {
        writeResult(res, problemResult({ code: 'internal_error', detail: 'Ocurrió un error interno. Si persiste, comuníquese con soporte indicando el request_id.' }, ctx));
      } else res.destroy();
    }
  };

  async function handle(req: Request, res: Response, ctx: ProblemContext): Promise<HttpResult> {
    const found = findRoute(req, ctx);
    if (!found.ok) return found.result;
    const { hit, rawParams } = found.value;
    const { route } = hit;
    res.locals.routeId = route.id;

    const admitted = await admit(req, res, route, ctx);
    if (!admitted.ok) return admitted.result;
    const actor = admitted.value;
    const params = decodePathParams(rawParams, ctx);
    if (!params.ok) return params.result;
    const query = parseQuery(req, route, actor, ctx);
    if (!query.ok) return query.result;
    const body = await readRouteBody(req, route, ctx);
    if (!body.ok) return body.result;

    const input = { params: params.value, query: query.value, json: body.value.json, multipart: body.value.multipart };
    const run = (as: Actor | null) => runRoute(req, route, input, as, ctx);
    if (req.method === 'POST' && !route.public && actor && route.idempotent !== false) return runIdempotently(req, route, actor, body.value.json, ctx, run);
    return run(actor);
  }

  /** The route for the path and method; HEAD is answered by the GET route (without a body). */
  function findRoute(req: Request, ctx: ProblemContext): Step<{ hit: CompiledRoute; rawParams: Record<string, string> }> {
    const path = req.path.length > 1 ? trimTrailing(req.path, '/') : req.path;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    // The common case: the first route of the request's method and resource whose path matches (only those are matched).
    for (const c of byResource.get(resourceKey(method, path)) ?? []) {
      const m = c.match(path);
      if (m !== false) return pass({ hit: c, rawParams: m.params });
    }
    const matches = compiled.map((c) => ({ c, m: c.match(path) })).filter((x) => x.m !== false);
    if (!matches.length) {
      return stop(problemResult({ code: 'route_not_found', detail: `No existe la ruta ${req.method} ${ctx.instance}. Consulte /v1/openapi.json.` }, ctx));
    }
    // Other methods only (a route of this method would have been found above): 405 with Allow.
    const methods = new Set(matches.map((x) => x.c.route.method as string));
    if (methods.has('GET')) methods.add('HEAD');
    const allow = [...methods].join(', ');
    return stop(problemResult({ code: 'method_not_allowed', detail: `La ruta ${ctx.instance} no admite ${req.method}; métodos permitidos: ${allow}.` }, ctx, { Allow: allow }));
  }

  /** Authentication, the key's rate limit, the route's scope (or panel session): before anything else is read. */
  async function admit(req: Request, res: Response, route: RestRoute, ctx: ProblemContext): Promise<Step<Actor | null>> {
    const a = await opts.guard.admit(req, res, { public: route.public, scope: route.scope, embedView: route.embedView, sessionOnly: route.sessionOnly, secondFactorPending: route.secondFactorPending });
    if (a.kind === 'refused') return stop(problemResult({ code: a.refusal.code, detail: a.refusal.detail }, ctx, a.refusal.headers));
    return pass(a.actor);
  }

  /** Percent-decodes each path parameter; a malformed escape or unstorable text is a 400 naming it. */
  function decodePathParams(raw: Record<string, string>, ctx: ProblemContext): Step<Record<string, string>> {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        const detail = `El parámetro de ruta "${name}" tiene un escape de porcentaje mal formado (UTF-8 inválido).`;
        return stop(problemResult({ code: 'invalid_request', detail, errors: [{ path: name, code: 'invalid_format', message: detail }] }, ctx));
      }
      const reason = unsafeTextReason(decoded);
      if (reason) {
        const detail = `El parámetro de ruta "${name}": ${unsafeTextMessage(reason)}`;
        return stop(problemResult({ code: 'invalid_request', detail, errors: [{ path: name, code: 'invalid_format', message: unsafeTextMessage(reason) }] }, ctx));
      }
      params[name] = decoded;
    }
    return pass(params);
  }

  /** Query parameters: storable text, the key's own environment, then the route's schema (400 naming the parameter). */
  function parseQuery(req: Request, route: RestRoute, actor: Actor | null, ctx: ProblemContext): Step<Record<string, unknown>> {
    const flat = flatQuery(req.query);
    const unsafe = findUnsafeText(flat);
    if (unsafe.length) {
      const errors = unsafe.map((h) => ({ path: h.path, code: 'invalid_format' as const, message: unsafeTextMessage(h.reason) }));
      return stop(problemResult({ code: 'invalid_request', detail: `El parámetro "${errors[0].path}": ${errors[0].message}`, errors }, ctx));
    }
    if (actor && flat.environment !== undefined) {
      try {
        requestEnvironment(actor, flat.environment);
      } catch (err) {
        if (err instanceof DomainError) return stop(problemResult(domainProblem(err), ctx));
        throw err;
      }
    }
    if (!route.query) return pass({});
    const q = route.query.safeParse(flat, { reportInput: true });
    if (!q.success) {
      const errors = zodIssuesToFieldErrors(q.error.issues);
      return stop(problemResult({ code: 'invalid_request', detail: errors[0].message, errors }, ctx));
    }
    return pass(q.data as Record<string, unknown>);
  }

  /** Reads the exact bytes; checks size, media type, JSON syntax, depth and storable text. */
  async function readRouteBody(req: Request, route: RestRoute, ctx: ProblemContext): Promise<Step<ReadBody>> {
    let raw: Buffer;
    try {
      raw = await readBody(req, route.multipart?.maxBytes ?? opts.bodyLimitBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return stop(problemResult({ code: 'payload_too_large', detail: `El cuerpo de la solicitud supera el máximo de ${Math.floor(err.limit / 1024)} KB.` }, ctx));
      }
      throw err;
    }
    if (route.multipart) {
      const ct = req.get('content-type') ?? '';
      if (!/^multipart\/form-data\b/i.test(ct)) return stop(problemResult({ code: 'unsupported_media_type', detail: 'Esta ruta recibe multipart/form-data.' }, ctx));
      return pass({ json: undefined, multipart: { data: raw, contentType: ct } });
    }
    // A body on GET/DELETE of a route without one is ignored, as HTTP allows.
    if (raw.length === 0 || (!route.body && (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE'))) return pass({ json: undefined, multipart: undefined });
    if (!isJsonMediaType(req.get('content-type'))) return stop(problemResult({ code: 'unsupported_media_type', detail: 'El cuerpo debe enviarse como application/json.' }, ctx));
    let json: unknown;
    const text = raw.toString('utf8');
    try {
      json = JSON.parse(text);
    } catch (e) {
      return stop(problemResult({ code: 'malformed_json', detail: `El cuerpo no es JSON válido: ${(e as Error).message}` }, ctx));
    }
    const deep = tooDeepPath(json, 1);
    if (deep) {
      const detail = tooDeepMessage(deep[0]);
      return stop(problemResult({ code: 'invalid_request', detail, errors: deep.length ? [{ path: deep[0], code: 'invalid_format', message: detail }] : undefined }, ctx));
    }
    // The walk only when the text holds an escape that can decode to unsafe text (almost never).
    const unsafe = mayHoldUnsafeText(text) ? findUnsafeText(json) : [];
    if (unsafe.length) {
      return stop(problemResult(problemFromUserErrors(unsafe.map((h) => ({ field: h.path || null, code: 'invalid_format', message: unsafeTextMessage(h.reason) }))), ctx));
    }
    return pass({ json, multipart: undefined });
  }

  /** POST under /v1: Stripe semantics for Idempotency-Key around the use case (the actor it runs as carries the record). */
  async function runIdempotently(req: Request, route: RestRoute, actor: Actor, json: unknown, ctx: ProblemContext, run: (as: Actor) => Promise<HttpResult>): Promise<HttpResult> {
    const key = req.get('idempotency-key');
    const bad = idempotencyKeyProblem(key, true);
    if (bad) return problemResult(bad, ctx);
    const request = { key: key!, fingerprint: [req.method, req.originalUrl, json ?? null], recordInCommit: route.idempotencyRecordInCommit === true };
    const outcome = await opts.services.runIdempotentRequest.execute(actor, request, async (keyed) => {
      const result = await run(keyed);
      if (isStreamBody(result.body)) throw new Error(`BUG: ${route.id}: un cuerpo en flujo no se guarda para Idempotency-Key`);
      return { status: result.status, body: typeof result.body === 'string' ? result.body : result.body.toString('utf8'), headers: result.headers };
    });
    if (outcome.kind === 'mismatch') return problemResult({ code: 'idempotency_key_reused', detail: IDEMPOTENCY_MESSAGES.mismatch }, ctx);
    if (outcome.kind === 'in_progress') {
      return problemResult({ code: 'idempotency_request_in_progress', detail: IDEMPOTENCY_MESSAGES.inProgress }, ctx, { 'Retry-After': String(outcome.retryAfterS) });
    }
    const r = outcome.response;
    return { status: r.status, headers: outcome.replayed ? { ...r.headers, 'Idempotency-Replayed': 'true' } : r.headers, body: r.body };
  }

  /** Validates the body with the service's own schema (paths rendered back in snake_case), then runs the use case. */
  async function runRoute(
    req: Request,
    route: RestRoute,
    read: { params: Record<string, string>; query: Record<string, unknown>; json: unknown; multipart: RouteInput['raw'] },
    actor: Actor | null,
    ctx: ProblemContext,
  ): Promise<HttpResult> {
    const body = validateBody(route, read.json, ctx);
    if (!body.ok) return body.result;
    const input: RouteInput = { params: read.params, query: read.query, body: body.value, raw: read.multipart };
    const gctx: GraphQLContext = { actor, requestId: ctx.requestId, logger: opts.logger, services: opts.services, loaders: createLoaders(opts.services) };
    if (route.call) return runCall(route, route.call, input, gctx, ctx);
    try {
      return await route.handler!(req, input, gctx, ctx);
    } catch (err) {
      if (err instanceof DomainError) return problemResult(domainProblem(err), ctx);
      throw err;
    }
  }

  function validateBody(route: RestRoute, json: unknown, ctx: ProblemContext): Step<unknown> {
    if (!route.body) return pass(undefined);
    if (json === undefined) {
      return route.body.required ? stop(problemResult({ code: 'invalid_request', detail: 'La solicitud requiere un cuerpo JSON.' }, ctx)) : pass(undefined);
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      return stop(problemResult({ code: 'validation_failed', detail: 'El cuerpo debe ser un objeto JSON.', errors: [{ path: null, code: 'invalid_type', message: 'El cuerpo debe ser un objeto JSON.' }] }, ctx));
    }
    const converted = snakeKeysToCamel(json, { opaque: route.body.opaque });
    const parsed = route.body.schema.safeParse(converted.value, { reportInput: true });
    const errors = [
      ...converted.badKeys.map((p) => ({ path: p, code: 'unknown_field' as const, message: `Campo no admitido: "${p.split('.').pop()}" (la API REST usa snake_case).` })),
      ...(parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues)),
    ];
    if (errors.length) return stop(problemResult(problemFromUserErrors(errors.map((e) => ({ field: e.path, code: e.code, message: e.message }))), ctx));
    // The use case that validates with the same schema does not parse this value again.
    if (parsed.success) markParsed(route.body.schema, parsed.data);
    return pass(parsed.success ? parsed.data : undefined);
  }

  /** The use case called directly: the same answer and the same refusals as its GraphQL operation, without executing one. */
  async function runCall(route: RestRoute, call: NonNullable<RestRoute['call']>, input: RouteInput, gctx: GraphQLContext, ctx: ProblemContext): Promise<HttpResult> {
    let mapped: Awaited<ReturnType<typeof call>>;
    try {
      mapped = await call(input, gctx);
    } catch (err) {
      // A query's refusal as the query's error gives it; a mutation's as its payload's `errors { field code message mh }` carry it (MH's answer to a refused event in `mh`).
      if (err instanceof DomainError) return problemResult(route.refusalAs === 'query' ? queryProblem(err) : problemFromUserErrors(userErrorsOf(err)), ctx);
      throw err;
    }
    if (!mapped) return problemResult({ code: 'resource_not_found', detail: 'No existe el recurso solicitado (o pertenece a otra cuenta).' }, ctx);
    return jsonResult(mapped.status ?? route.status, mapped.body);
  }

}

/** `GET /v1/emitters` for `GET /v1/emitters/emi_1/establishments`: the method and the path's first two segments. */
function resourceKey(method: string, path: string): string {
  const third = path.indexOf('/', path.indexOf('/', 1) + 1);
  return `${method} ${third < 0 ? path : path.slice(0, third)}`;
}

/** A refusal as a GraphQL query answers it (a top-level error with the refusal's code, message and first field; runQuery). */
function queryProblem(err: DomainError): ProblemInput {
  const field = err.errors[0]?.path ?? null;
  return { code: err.code, detail: err.message, errors: field ? [{ path: field, code: err.code, message: err.message }] : [] };
}

function domainProblem(err: DomainError): ProblemInput {
  return problemFromUserErrors(err.errors.map((e) => ({ field: e.path, code: e.code, message: e.message, mh: mhOf(err) })));
}

function flatQuery(q: Request['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[v.length - 1] as string;
  }
  return out;
}
