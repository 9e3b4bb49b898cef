import { createHash, timingSafeEqual } from 'node:crypto';
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

/**
 * Where /metrics is served (METRICS_TOKEN, METRICS_PORT, METRICS_HOST; docs/adr/0029):
 * - `separate`: on its own listener at METRICS_HOST:METRICS_PORT, never on the API port;
 * - `api`: on the API port, behind `Authorization: Bearer <METRICS_TOKEN>` when a token is set;
 * - `off`: not served (the API listens beyond loopback and neither setting is given).
 */
export type MetricsExposure = { kind: 'separate'; token: string | null } | { kind: 'api'; token: string | null } | { kind: 'off' };

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function metricsExposure(settings: { token: string | null; port: number | null }, apiHost: string): MetricsExposure {
  if (settings.port !== null) return { kind: 'separate', token: settings.token };
  if (settings.token !== null) return { kind: 'api', token: settings.token };
  return isLoopbackHost(apiHost) ? { kind: 'api', token: null } : { kind: 'off' };
}

/** Constant-time check of `Authorization: Bearer <token>`. */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const given = createHash('sha256').update(m[1]).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}
