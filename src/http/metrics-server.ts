import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { metricsTokenMatches, type Metrics } from './metrics';

/**
 * The separate /metrics listener (METRICS_PORT): Prometheus text on GET/HEAD /metrics, behind
 * METRICS_TOKEN when one is set; everything else is a 404 problem.
 */
export function createMetricsServer(metrics: Metrics, token: string | null): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const problem = (status: number, code: string, title: string, detail: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', ...headers });
      res.end(JSON.stringify({ type: `/problems/${code}`, title, status, detail, instance: path, request_id: '', errors: [] }));
    };
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return problem(404, 'route_not_found', 'Ruta no encontrada', 'Este puerto solo sirve GET /metrics.');
    }
    if (token !== null && !metricsTokenMatches(req.headers.authorization, token)) {
      return problem(401, 'unauthenticated', 'No autenticado', 'Envíe "Authorization: Bearer <METRICS_TOKEN>".', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    metrics.registry
      .metrics()
      .then((text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        res.end(text);
      })
      .catch(() => problem(500, 'internal_error', 'Error interno', 'No se pudieron reunir las métricas.'));
  });
}
