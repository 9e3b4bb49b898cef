import type { NextFunction, Request, Response } from 'express';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { match, type MatchFunction } from 'path-to-regexp';
import type { Logger } from '../src/config/logger';
import { createLoaders } from '../src/graphql/common/loaders';
import type { GraphQLContext } from '../src/graphql/common/context';
import { AUTH_MESSAGES, authFailure, SAFE_METHODS, type ApiGuard } from '../src/http/api-guard';
import { IDEMPOTENCY_MESSAGES, idempotencyKeyProblem } from '../src/http/idempotency-key';
import { requestIdOf } from '../src/http/request-id';
import type { Actor } from '../src/services/shared/actor';
import type { Services } from '../src/services/services';
import { zodIssuesToFieldErrors } from '../src/domain/shared/zod-errors';
import { DomainError } from '../src/domain/shared/domain-error';
import { mhOf } from '../src/graphql/common/run-mutation';
import { hasScope } from '../src/domain/identity/scopes';
import { insufficientScopeMessage } from '../src/graphql/common/graphql-errors';
import { snakeKeysToCamel } from './case-convert';
import { jsonResult, problemResult, writeResult, type HttpResult } from './http-result';
import { problemFromGraphQLError, problemFromUserErrors, type ProblemContext, type ProblemInput } from './problem';
import { BodyTooLargeError, isJsonMediaType, readBody } from './read-body';
import type { RestRoute, RouteInput } from './route';

interface CompiledRoute {
  route: RestRoute;
  match: MatchFunction<Record<string, string>>;
  document: DocumentNode | null;
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

/** Compiles the route table (documents parsed and validated once) and returns the /v1 middleware. */
export function createRestRouter(opts: RestRouterOptions) {
  const compiled: CompiledRoute[] = opts.routes.map((route) => {
    let document: DocumentNode | null = null;
    if (route.operation) {
      document = parse(route.operation);
      const errors = validate(opts.schema, document);
      if (errors.length) throw new Error(`route ${route.id}: invalid GraphQL operation: ${errors.map((e) => e.message).join('; ')}`);
    }
    return { route, match: match<Record<string, string>>(route.path, { decode: decodeURIComponent }), document };
  });

  return async function restRouter(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!req.path.startsWith('/v1/') && req.path !== '/v1') return next();
    const ctx: ProblemContext = { baseUrl: opts.baseUrl(), instance: req.originalUrl.split('?')[0], requestId: requestIdOf(res) };
    try {
      writeResult(res, await handle(req, res, ctx));
    } catch (err) {
      opts.logger.error({ err, request_id: ctx.requestId, path: ctx.instance }, 'error no controlado en REST');
      if (!res.headersSent) {
        writeResult(res, problemResult({ code: 'internal_error', detail: 'Ocurrió un error interno. Si persiste, comuníquese con soporte indicando el request_id.' }, ctx));
      }
    }
  };

  async function handle(req: Request, res: Response, ctx: ProblemContext): Promise<HttpResult> {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const matches = compiled.map((c) => ({ c, m: c.match(path) })).filter((x) => x.m !== false);
    if (!matches.length) {
      return problemResult({ code: 'route_not_found', detail: `No existe la ruta ${req.method} ${ctx.instance}. Consulte /v1/openapi.json.` }, ctx);
    }
    const hit = matches.find((x) => x.c.route.method === req.method);
    if (!hit) {
      const allow = [...new Set(matches.map((x) => x.c.route.method))].join(', ');
      return problemResult({ code: 'method_not_allowed', detail: `La ruta ${ctx.instance} no admite ${req.method}; métodos permitidos: ${allow}.` }, ctx, { Allow: allow });
    }
    const { route, document } = hit.c;
    const params = (hit.m as { params: Record<string, string> }).params;
    res.locals.routeId = route.id;

    let actor: Actor | null = null;
    if (!route.public) {
      const auth = await opts.guard.authenticate(req, { csrf: !SAFE_METHODS.has(req.method) });
      if (auth.kind !== 'ok') {
        const f = authFailure(auth);
        return problemResult({ code: f.code, detail: f.message }, ctx, f.code === 'unauthenticated' ? { 'WWW-Authenticate': 'Bearer realm="dte"' } : {});
      }
      actor = auth.actor;
      const rate = opts.guard.rateLimit(res, actor);
      if (rate && !rate.allowed) return problemResult({ code: 'rate_limited', detail: AUTH_MESSAGES.rateLimited(rate.resetS) }, ctx);
    }

    // Body: read the exact bytes, check the media type, parse JSON.
    let raw: Buffer;
    try {
      raw = await readBody(req, route.multipart?.maxBytes ?? opts.bodyLimitBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return problemResult({ code: 'payload_too_large', detail: `El cuerpo de la solicitud supera el máximo de ${Math.floor(err.limit / 1024)} KB.` }, ctx);
      }
      throw err;
    }
    let json: unknown = undefined;
    let multipart: RouteInput['raw'];
    if (route.multipart) {
      const ct = req.get('content-type') ?? '';
      if (!/^multipart\/form-data\b/i.test(ct)) {
        return problemResult({ code: 'unsupported_media_type', detail: 'Esta ruta recibe multipart/form-data.' }, ctx);
      }
      multipart = { data: raw, contentType: ct };
    } else if (raw.length > 0) {
      if (!route.body) {
        if (req.method === 'GET' || req.method === 'DELETE') raw = Buffer.alloc(0);
      }
      if (raw.length > 0) {
        if (!isJsonMediaType(req.get('content-type'))) {
          return problemResult({ code: 'unsupported_media_type', detail: 'El cuerpo debe enviarse como application/json.' }, ctx);
        }
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch (e) {
          return problemResult({ code: 'malformed_json', detail: `El cuerpo no es JSON válido: ${(e as Error).message}` }, ctx);
        }
        if (jsonDepth(json) > MAX_JSON_DEPTH) {
          return problemResult({ code: 'invalid_request', detail: `El JSON supera la profundidad máxima de ${MAX_JSON_DEPTH} niveles.` }, ctx);
        }
      }
    }

    // Query string.
    let query: Record<string, unknown> = {};
    if (route.query) {
      const q = route.query.safeParse(flatQuery(req.query), { reportInput: true });
      if (!q.success) {
        const errors = zodIssuesToFieldErrors(q.error.issues);
        return problemResult({ code: 'invalid_request', detail: errors[0].message, errors }, ctx);
      }
      query = q.data as Record<string, unknown>;
    }

    const run = async (actor: Actor | null): Promise<HttpResult> => {
      // Body validation with the service's own schema (paths rendered back in snake_case).
      let body: unknown = undefined;
      if (route.body) {
        if (json === undefined) {
          if (route.body.required) {
            return problemResult({ code: 'invalid_request', detail: 'La solicitud requiere un cuerpo JSON.' }, ctx);
          }
        } else {
          if (json === null || typeof json !== 'object' || Array.isArray(json)) {
            return problemResult({ code: 'validation_failed', detail: 'El cuerpo debe ser un objeto JSON.', errors: [{ path: null, code: 'invalid_type', message: 'El cuerpo debe ser un objeto JSON.' }] }, ctx);
          }
          const converted = snakeKeysToCamel(json, { opaque: route.body.opaque });
          const parsed = route.body.schema.safeParse(converted.value, { reportInput: true });
          const errors = [
            ...converted.badKeys.map((p) => ({ path: p, code: 'unknown_field' as const, message: `Campo no admitido: "${p.split('.').pop()}" (la API REST usa snake_case).` })),
            ...(parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues)),
          ];
          if (errors.length) return problemResult(problemFromUserErrors(errors.map((e) => ({ field: e.path, code: e.code, message: e.message }))), ctx);
          body = parsed.success ? parsed.data : undefined;
        }
      }
      const input: RouteInput = { params, query, body, raw: multipart };
      const gctx: GraphQLContext = { actor, requestId: ctx.requestId, logger: opts.logger, services: opts.services, loaders: createLoaders(opts.services) };
      if (route.handler) {
        // Handler routes do not pass through a GraphQL resolver's @Authorized: check the scope here.
        if (route.scope && actor && !hasScope(actor.scopes, route.scope)) {
          return problemResult({ code: 'insufficient_scope', detail: insufficientScopeMessage(route.scope, actor.scheme) }, ctx);
        }
        try {
          return await route.handler(req, input, gctx, ctx);
        } catch (err) {
          if (err instanceof DomainError) {
            return problemResult(problemFromUserErrors(err.errors.map((e) => ({ field: e.path, code: e.code, message: e.message, mh: mhOf(err) }))), ctx);
          }
          throw err;
        }
      }
      return runOperation(route, document!, input, gctx, ctx);
    };

    if (req.method === 'POST' && !route.public && actor && route.idempotent !== false) {
      const key = req.get('idempotency-key');
      const bad = idempotencyKeyProblem(key, true);
      if (bad) return problemResult(bad, ctx);
      const outcome = await opts.services.runIdempotentRequest.execute(actor, { key: key!, fingerprint: [req.method, req.originalUrl, json ?? null] }, async (keyed) => {
        const result = await run(keyed);
        return { status: result.status, body: typeof result.body === 'string' ? result.body : result.body.toString('utf8'), headers: result.headers };
      });
      if (outcome.kind === 'mismatch') return problemResult({ code: 'idempotency_key_reused', detail: IDEMPOTENCY_MESSAGES.mismatch }, ctx);
      if (outcome.kind === 'in_progress') {
        return problemResult({ code: 'idempotency_request_in_progress', detail: IDEMPOTENCY_MESSAGES.inProgress }, ctx, { 'Retry-After': String(outcome.retryAfterS) });
      }
      const r = outcome.response;
      return { status: r.status, headers: outcome.replayed ? { ...r.headers, 'Idempotency-Replayed': 'true' } : r.headers, body: r.body };
    }
    return run(actor);
  }

  async function runOperation(route: RestRoute, document: DocumentNode, input: RouteInput, gctx: GraphQLContext, ctx: ProblemContext): Promise<HttpResult> {
    const variables = route.toVariables ? route.toVariables(input) : {};
    const result = await execute({ schema: opts.schema, document, variableValues: variables, contextValue: gctx });
    if (result.errors?.length) {
      const problem: ProblemInput = problemFromGraphQLError(result.errors[0]);
      if (problem.code === 'internal_error') {
        const e = result.errors[0];
        opts.logger.error({ err: e.originalError ?? e, request_id: ctx.requestId, route: route.id }, 'error al ejecutar la operación GraphQL de la ruta');
      }
      return problemResult(problem, ctx);
    }
    const data = (result.data ?? {}) as Record<string, unknown>;
    if (route.payloadField) {
      const payload = data[route.payloadField] as { errors?: Parameters<typeof problemFromUserErrors>[0] } | null;
      if (payload?.errors?.length) return problemResult(problemFromUserErrors(payload.errors), ctx);
    }
    const mapped = route.fromResult ? route.fromResult(data, input) : { body: data };
    if (!mapped) return problemResult({ code: 'resource_not_found', detail: 'No existe el recurso solicitado (o pertenece a otra cuenta).' }, ctx);
    return jsonResult(mapped.status ?? route.status, mapped.body);
  }
}

const MAX_JSON_DEPTH = 64;

/** Nesting depth of a parsed JSON value, without recursion (a hostile body cannot overflow the stack). */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, d + 1]);
  }
  return max;
}

function flatQuery(q: Request['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[v.length - 1] as string;
  }
  return out;
}
