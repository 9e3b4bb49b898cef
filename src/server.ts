import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from './config/logger';
import { isErrorCode } from './domain/shared/error-codes';
import type { ApiGuard } from './http/api-guard';
import { metricsTokenMatches, type Metrics, type MetricsExposure } from './http/metrics';
import { apiReferencePage } from './http/pages/api-reference.page';
import { graphiqlPage } from './http/pages/graphiql.page';
import { problemTypePage } from './http/pages/problem-type.page';
import { customerSelfServiceRouter } from './http/pages/customer-self-service.router';
import { staticAssetsRouter } from './http/pages/static-assets';
import { panelRouter } from './http/panel/panel.router';
import { redactPath } from './http/log-redaction';
import { healthBody, readinessBody } from './http/health-bodies';
import { requestIdMiddleware, requestIdOf } from './http/request-id';
import type { Services } from './services/services';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost } from './services/shared/database-unavailable';
import { buildOpenApiDocument } from '../rest-adapter/openapi';
import { problemResult, writeResult } from '../rest-adapter/http-result';
import { createRestRouter } from '../rest-adapter/rest-router';
import { ROUTES } from '../rest-adapter/route-table';

export interface HttpAppOptions {
  schema: GraphQLSchema;
  services: Services;
  guard: ApiGuard;
  logger: Logger;
  metrics: Metrics;
  /** Whether and how /metrics is served on this port (METRICS_TOKEN, METRICS_PORT). */
  metricsExposure: MetricsExposure;
  bodyLimitBytes: number;
  graphqlHandler: (req: Request, res: Response) => Promise<void>;
  baseUrl: () => string;
  /** Tracks in-flight requests so SIGTERM can wait for them. */
  inFlight: { count: number };
  /** True once SIGTERM began the stop: responses close their connections and /readyz answers 503. */
  stopping?: () => boolean;
  /** TRUST_PROXY, compiled: which hops' X-Forwarded-For Express believes (`req.ip`, `req.protocol`). */
  trustProxy: (address: string, hop: number) => boolean;
}

/** The express application: /v1 (REST), /graphql, /healthz, /metrics and the reference pages. */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', opts.trustProxy);
  app.use((req, res, next) => {
    opts.inFlight.count++;
    res.on('close', () => opts.inFlight.count--);
    // Stopping: no keep-alive, so a proxy sends the next request elsewhere instead of onto a socket about to close.
    if (opts.stopping?.()) res.setHeader('Connection', 'close');
    next();
  });
  app.use(requestIdMiddleware);
  app.use(opts.metrics.middleware);
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      opts.logger.info(
        { request_id: requestIdOf(res), method: req.method, path: redactPath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10, route: res.locals.routeId },
        'solicitud atendida',
      );
    });
    next();
  });

  let openApiCache: string | null = null;
  app.get('/v1/openapi.json', (_req, res) => {
    openApiCache ??= JSON.stringify(buildOpenApiDocument(ROUTES, `${opts.baseUrl()}`));
    res.type('application/json').send(openApiCache);
  });
  app.get(['/v1/docs', '/v1/docs/'], (_req, res) => void res.type('html').send(apiReferencePage()));
  // /v1 before the pages, the panel and GraphQL: an API request does not walk their routers (none of them serves /v1).
  app.use(createRestRouter({ routes: ROUTES, schema: opts.schema, services: opts.services, guard: opts.guard, logger: opts.logger, bodyLimitBytes: opts.bodyLimitBytes, baseUrl: opts.baseUrl }));

  app.get('/healthz', async (_req, res) => {
    const h = await opts.services.checkHealth.execute();
    res.status(h.status === 'ok' ? 200 : 503).json(healthBody(h));
  });
  app.get('/readyz', async (_req, res) => {
    const r = await opts.services.checkReadiness.execute();
    if (opts.stopping?.()) r.reasons.push('el proceso se está deteniendo'), (r.ready = false);
    res.status(r.ready ? 200 : 503).json(readinessBody(r));
  });
  app.get('/metrics', async (req, res, next) => {
    const exposure = opts.metricsExposure;
    if (exposure.kind !== 'api') return next();
    if (exposure.token !== null && !metricsTokenMatches(req.get('authorization'), exposure.token)) {
      const ctx = { baseUrl: opts.baseUrl(), instance: req.path, requestId: requestIdOf(res) };
      return writeResult(res, problemResult({ code: 'unauthenticated', detail: 'Envíe "Authorization: Bearer <METRICS_TOKEN>" para leer /metrics.' }, ctx, { 'WWW-Authenticate': 'Bearer realm="metrics"' }));
    }
    res.setHeader('Content-Type', opts.metrics.registry.contentType);
    res.end(await opts.metrics.registry.metrics());
  });
  app.use(staticAssetsRouter());
  app.use(customerSelfServiceRouter(opts.services, opts.bodyLimitBytes));
  app.use(panelRouter({ embedFrameAncestors: (id) => opts.services.embedFrameAncestors.execute(id) }));
  app.get('/problems/:code', (req, res) => {
    const code = String(req.params.code);
    if (!isErrorCode(code)) return void res.status(404).type('text/plain').send('Tipo de problema desconocido.');
    res.type('html').send(problemTypePage(code));
  });


  // GraphQL: browser playground on GET text/html, everything else to Apollo.
  app.get('/graphql', (req, res, next) => {
    if (req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html' && !req.query.query) {
      return void res.type('html').send(graphiqlPage());
    }
    next();
  });
  app.use('/graphql', express.json({ limit: opts.bodyLimitBytes, type: ['application/json', 'application/graphql-response+json'] }), (req, res, next) => {
    opts.graphqlHandler(req, res).catch(next);
  });


  app.use((req, res) => {
    writeResult(res, problemResult({ code: 'route_not_found', detail: `No existe la ruta ${req.method} ${req.path}.` }, { baseUrl: opts.baseUrl(), instance: req.path, requestId: requestIdOf(res) }));
  });

  // Last resort: never a stack trace, always a problem (or GraphQL error) body.
  app.use((err: Error & { type?: string; status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const ctx = { baseUrl: opts.baseUrl(), instance: req.path, requestId: requestIdOf(res) };
    const isGraphql = req.path.startsWith('/graphql');
    let status = 500;
    let code = 'internal_error';
    let detail = 'Ocurrió un error interno. Si persiste, comuníquese con soporte indicando el request_id.';
    const unavailable = isConnectionLost(err);
    if (unavailable) [status, code, detail] = [503, 'service_unavailable', DATABASE_UNAVAILABLE_MESSAGE];
    else if (err.type === 'entity.too.large') [status, code, detail] = [413, 'payload_too_large', 'El cuerpo de la solicitud es demasiado grande.'];
    else if (err.type === 'entity.parse.failed') [status, code, detail] = [400, 'malformed_json', 'El cuerpo no es JSON válido.'];
    else if (err.status && err.status >= 400 && err.status < 500) [status, code, detail] = [err.status, 'invalid_request', 'Solicitud inválida.'];
    else opts.logger.error({ err, request_id: ctx.requestId }, 'error no controlado');
    if (res.headersSent) return void res.end();
    if (unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    if (isGraphql) {
      return void res.status(status).json({ errors: [{ message: detail, extensions: { code: code.toUpperCase() } }] });
    }
    writeResult(res, problemResult({ code: isErrorCode(code) ? code : 'internal_error', detail }, ctx));
  });
  return app;
}
