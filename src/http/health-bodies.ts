import type { Health } from '../services/health/check-health.service';
import type { Readiness } from '../services/health/check-readiness.service';

/** `/healthz` (alive; 503 when the database does not answer). */
export function healthBody(h: Health) {
  return { status: h.status, database: h.database, latency_ms: h.latencyMs };
}

/** `/readyz` (should this process receive traffic, and why not), snake_case as the API. */
export function readinessBody(r: Readiness) {
  const mh = (m: Readiness['mh']['00']) => ({ status: m.status, reason: m.reason, open_contingencies: m.openContingencies });
  return {
    status: r.ready ? 'ready' : 'not_ready',
    reasons: r.reasons,
    database: { status: r.database.status, latency_ms: r.database.latencyMs },
    migrations: r.migrations,
    mh: { '00': mh(r.mh['00']), '01': mh(r.mh['01']) },
  };
}
