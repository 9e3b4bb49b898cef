import { ApolloServer, HeaderMap, type GraphQLRequestContext } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { Request, Response } from 'express';
import { parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Logger } from '../config/logger';
import { AUTH_MESSAGES, authFailure, rateLimitHeaders, type ApiGuard } from '../http/api-guard';
import { insufficientScopeMessage } from '../domain/identity/insufficient-scope.message';
import { IDEMPOTENCY_MESSAGES, idempotencyKeyProblem } from '../http/idempotency-key';
import { requestIdOf } from '../http/request-id';
import type { Actor } from '../services/shared/actor';
import type { Services } from '../services/services';
import { operationLimitsPlugin, tooDeepRequestError } from './common/operation-limits.plugin';
import type { GraphQLContext } from './common/context';
import { formatGraphQLError, isServiceUnavailable } from './common/format-error';
import { DATABASE_RETRY_AFTER_S } from '../services/shared/database-unavailable';
import { createLoaders } from './common/loaders';
import { operationScopeRefusal, type ScopeRefusal } from './common/operation-scopes';
import { clientAddress } from '../http/session-cookie';

export interface GraphQLHttpOptions {
  schema: GraphQLSchema;
  services: Services;
  guard: ApiGuard;
  logger: Logger;
  maxDepth: number;
  maxCost: number;
}

interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

/** Apollo Server at /graphql: HTTP POST/GET with the API key, rate limit and optional Idempotency-Key. */
export async function createGraphQLHttp(opts: GraphQLHttpOptions) {
  const apollo = new ApolloServer<GraphQLContext>({
    schema: opts.schema,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // The service stops Apollo itself on SIGTERM (app.stop). Apollo's own signal handler would race it:
    // a stop() called while Apollo's handler is stopping waits on a barrier Apollo never resolves.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginLandingPageDisabled(), operationLimitsPlugin(opts.schema, opts.maxDepth, opts.maxCost), errorLoggingPlugin(opts.logger)],
    formatError: (formatted: GraphQLFormattedError, error: unknown) => formatGraphQLError(formatted, error),
  });
  await apollo.start();

  async function execute(req: Request, res: Response, context: GraphQLContext): Promise<CapturedResponse> {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: new URL(req.url, 'http://x').search, body: req.body },
      context: async () => context,
    });
    const out: CapturedResponse = { status: response.status ?? 200, headers: {}, body: '' };
    for (const [k, v] of response.headers) out.headers[k] = v;
    if (response.body.kind === 'complete') out.body = response.body.string;
    else for await (const chunk of response.body.asyncIterator) out.body += chunk;
    return out;
  }

  function write(res: Response, r: CapturedResponse): void {
    res.status(r.status);
    for (const [k, v] of Object.entries(r.headers)) res.setHeader(k, v);
    res.end(r.body);
  }

  async function handler(req: Request, res: Response): Promise<void> {
    const json = (status: number, code: string, message: string, extra: Record<string, string> = {}) =>
      write(res, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...extra }, body: errorBody(code, message) });
    const body = (req.body ?? {}) as Record<string, unknown>;
    // Before anything walks the body recursively (request hash, variable coercion).
    const deep = tooDeepRequestError(body);
    if (deep) return write(res, { status: 400, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ errors: [{ message: deep.message, extensions: deep.extensions }] }) });
    // With a panel session every POST needs X-CSRF-Token, queries included (a query can be sent by a cross-site form).
    const auth = await opts.guard.authenticate(req, { csrf: req.method === 'POST' });
    if (auth.kind === 'invalid' || auth.kind === 'csrf' || auth.kind === 'second_factor' || auth.kind === 'address') {
      const f = authFailure(auth);
      const status = f.code === 'csrf_token_invalid' || f.code === 'api_key_address_forbidden' ? 403 : 401;
      return json(status, f.code.toUpperCase(), f.message, status === 401 ? { 'WWW-Authenticate': 'Bearer realm="dte"' } : {});
    }
    const actor = auth.kind === 'ok' ? auth.actor : null;
    // An embed view's token reads with GET only: every POST (mutation or not) is refused.
    if (actor?.scheme === 'embed_view' && req.method !== 'GET' && req.method !== 'HEAD') return json(403, 'INSUFFICIENT_SCOPE', AUTH_MESSAGES.embedViewReadOnly);
    const rate = actor ? await opts.guard.takeRate(actor) : await opts.guard.takeAnonymousRate(clientAddress(req));
    if (rate) for (const [k, v] of Object.entries(rateLimitHeaders(rate))) res.setHeader(k, v);
    if (rate && !rate.allowed) return json(429, 'RATE_LIMITED', actor ? AUTH_MESSAGES.rateLimited(rate.resetS) : AUTH_MESSAGES.anonymousRateLimited(rate.resetS));
    const context = (a: typeof actor): GraphQLContext => ({ actor: a, requestId: requestIdOf(res), logger: opts.logger, services: opts.services, loaders: createLoaders(opts.services) });
    const key = req.get('idempotency-key');
    if (key === undefined || req.method !== 'POST' || !actor) return write(res, await execute(req, res, context(actor)));
    const bad = idempotencyKeyProblem(key, false);
    if (bad) return json(400, bad.code.toUpperCase(), bad.detail);
    // The operation's scopes (or panel session) before its Idempotency-Key: a refused request spends no key.
    const refusal = scopeRefusalOfRequest(body, actor);
    if (refusal?.code === 'insufficient_scope') return json(403, 'INSUFFICIENT_SCOPE', insufficientScopeMessage(refusal.scope, actor.scheme));
    if (refusal?.code === 'session_required') return json(403, 'SESSION_REQUIRED', AUTH_MESSAGES.sessionRequired);
    const fingerprint = ['GRAPHQL', body.query ?? null, body.operationName ?? null, body.variables ?? null];
    const outcome = await opts.services.runIdempotentRequest.execute(actor, { key, fingerprint }, (keyed) => execute(req, res, context(keyed)));
    if (outcome.kind === 'mismatch') return json(409, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.mismatch);
    if (outcome.kind === 'in_progress') return json(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress, { 'Retry-After': String(outcome.retryAfterS) });
    const r = outcome.response;
    write(res, outcome.replayed ? { ...r, headers: { ...r.headers, 'Idempotency-Replayed': 'true' } } : r);
  }

  return { handler, stop: () => apollo.stop() };
}

function errorLoggingPlugin(logger: Logger) {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors(ctx: GraphQLRequestContext<GraphQLContext>) {
          for (const err of ctx.errors ?? []) {
            const code = err.extensions?.code;
            if (!code || code === 'INTERNAL_SERVER_ERROR') {
              logger.error({ err: err.originalError ?? err, request_id: ctx.contextValue.requestId, path: err.path }, 'error interno en GraphQL');
            }
          }
        },
        // The database was unreachable: 503 with Retry-After, so clients (and the Idempotency-Key record) treat it as a retryable server error.
        async willSendResponse(ctx: GraphQLRequestContext<GraphQLContext>) {
          const body = ctx.response.body;
          if (body?.kind === 'single' && isServiceUnavailable(body.singleResult.errors)) {
            ctx.response.http.status = 503;
            ctx.response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_S));
          }
        },
      };
    },
  };
}

/** The scope a POSTed operation needs and the key lacks, or the panel session it needs; null when it may run (or cannot be parsed: Apollo answers that). */
function scopeRefusalOfRequest(body: Record<string, unknown>, actor: Actor): ScopeRefusal | null {
  if (typeof body.query !== 'string') return null;
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch {
    return null;
  }
  const refusal = operationScopeRefusal(document, typeof body.operationName === 'string' ? body.operationName : null, actor);
  return refusal?.code === 'unauthenticated' ? null : refusal;
}
