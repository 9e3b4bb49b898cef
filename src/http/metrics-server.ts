import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Services } from '../services/services';
import { healthBody, readinessBody } from './health-bodies';
import { metricsTokenMatches, type Metrics } from './metrics';

/**
 * The operations listener (METRICS_PORT): Prometheus text on GET/HEAD /metrics (behind METRICS_TOKEN
 * when one is set), and `/healthz` and `/readyz` as on the API port — a worker's only listener, so
 * a supervisor and a load balancer probe workers the same way. Everything else is a 404 problem.
 */
export function createOperationsServer(metrics: Metrics, token: string | null, services: Services): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(JSON.stringify(body));
    };
    const problem = (status: number, code: string, title: string, detail: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', ...headers });
      res.end(JSON.stringify({ type: `/problems/${code}`, title, status, detail, instance: path, request_id: '', errors: [] }));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return problem(405, 'method_not_allowed', 'Método no permitido', 'Este puerto solo admite GET.', { Allow: 'GET, HEAD' });
    if (path === '/healthz') {
      void services.checkHealth.execute().then((h) => json(h.status === 'ok' ? 200 : 503, healthBody(h)));
      return;
    }
    if (path === '/readyz') {
      void services.checkReadiness.execute().then((r) => json(r.ready ? 200 : 503, readinessBody(r)));
      return;
    }
    if (path !== '/metrics') return problem(404, 'route_not_found', 'Ruta no encontrada', 'Este puerto sirve GET /metrics, /healthz y /readyz.');
    if (token !== null && !metricsTokenMatches(req.headers.authorization, token)) {
      return problem(401, 'unauthenticated', 'No autenticado', 'Envíe "Authorization: Bearer <METRICS_TOKEN>".', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    metrics.registry
      .metrics()
      .then((text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        res.end(text);
      })
      .catch(() => problem(503, 'service_unavailable', 'Servicio no disponible', 'No se pudieron reunir las métricas.'));
  });
}
