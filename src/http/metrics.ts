import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics served at GET /metrics. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Solicitudes HTTP atendidas',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const route = String(res.locals.routeId ?? (req.path.startsWith('/graphql') ? 'graphql' : 'other'));
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      end({ method: req.method, route });
    });
    next();
  };
  return { registry, middleware };
}

export type Metrics = ReturnType<typeof createMetrics>;
