import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { OperationsSnapshot } from '../services/health/read-operations-snapshot.service';
import type { OperationsObserver } from '../services/ports/operations-observer.port';

/** One HTTP call to MH, as the MH client reports it. */
export interface MhCallSample {
  operation: string;
  environment: string;
  outcome: string;
  status: number | null;
  seconds: number;
}

/**
 * The service's own series beside the HTTP ones (docs/deploy.md lists them with their PromQL):
 * counters of what this process did (MH calls, webhook outcomes) and gauges of the state read from
 * the database at scrape time (the same on every process: aggregate them with `max`).
 */
export function registerOperationsMetrics(registry: Registry, snapshot: () => Promise<OperationsSnapshot>) {
  const mhRequests = new Counter({
    name: 'dte_mh_requests_total',
    help: 'Llamadas HTTP al MH por operación, ambiente y resultado',
    labelNames: ['operation', 'environment', 'outcome'] as const,
    registers: [registry],
  });
  const mhDuration = new Histogram({
    name: 'dte_mh_request_duration_seconds',
    help: 'Duración de las llamadas HTTP al MH',
    labelNames: ['operation', 'environment'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers: [registry],
  });
  const webhookDeliveries = new Counter({
    name: 'dte_webhook_deliveries_total',
    help: 'Intentos de entrega de webhooks por resultado (delivered, retry_scheduled, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  // The gauges of one scrape share one snapshot (read at most every 15 s).
  let current: Promise<OperationsSnapshot> | null = null;
  const read = () => (current ??= snapshot().finally(() => setImmediate(() => (current = null))));
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (g: Gauge<L>, s: OperationsSnapshot) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        let s: OperationsSnapshot;
        try {
          s = await read();
        } catch {
          return; // the database is down: /readyz says so; the series keep their last values
        }
        this.reset();
        fill(this, s);
      },
    });
  gauge('dte_documents', 'Documentos por estado, tipo y ambiente', ['status', 'type', 'environment'], (g, s) => {
    for (const d of s.documents) g.set({ status: d.status, type: d.type, environment: d.environment }, d.n);
  });
  gauge('dte_jobs_waiting', 'Trabajos vencidos que esperan un trabajador, por nombre', ['job_name'], (g, s) => {
    for (const j of s.jobs) g.set({ job_name: j.name }, j.waiting);
  });
  gauge('dte_jobs_running', 'Trabajos en ejecución, por nombre', ['job_name'], (g, s) => {
    for (const j of s.jobs) g.set({ job_name: j.name }, j.running);
  });
  gauge('dte_jobs_failed', 'Trabajos cuya última ejecución falló, por nombre', ['job_name'], (g, s) => {
    for (const j of s.jobs) g.set({ job_name: j.name }, j.failed);
  });
  gauge('dte_jobs_oldest_waiting_seconds', 'Antigüedad del trabajo vencido más antiguo que espera, por nombre', ['job_name'], (g, s) => {
    for (const j of s.jobs) g.set({ job_name: j.name }, j.oldestWaitingS);
  });
  gauge('dte_contingency_episodes_open', 'Episodios de contingencia abiertos, por ambiente', ['environment'], (g, s) => {
    for (const e of ['00', '01']) g.set({ environment: e }, s.openContingencies.find((c) => c.environment === e)?.n ?? 0);
  });
  gauge('dte_webhook_deliveries_unfinished', 'Entregas de webhooks pendientes o fallidas', ['status'], (g, s) => {
    for (const st of ['pending', 'failed']) g.set({ status: st }, s.webhookDeliveries.find((d) => d.status === st)?.n ?? 0);
  });
  gauge('dte_emails_pending', 'Correos por enviar (de documentos y de la cuenta)', ['kind'], (g, s) => {
    for (const k of ['document', 'account'] as const) g.set({ kind: k }, s.emailsPending.find((e) => e.kind === k)?.n ?? 0);
  });
  gauge('dte_certificate_expiry_days', 'Días hasta el vencimiento del certificado, por emisor y ambiente', ['emitter_id', 'environment'], (g, s) => {
    for (const c of s.certificates) g.set({ emitter_id: c.emitterId, environment: c.environment }, c.expiryDays);
  });

  return {
    /** Fed by the MH client on every HTTP call. */
    mhCall(c: MhCallSample): void {
      const outcome = c.outcome === 'response' && c.status !== null ? `http_${Math.floor(c.status / 100)}xx` : c.outcome;
      mhRequests.inc({ operation: c.operation, environment: c.environment, outcome });
      mhDuration.observe({ operation: c.operation, environment: c.environment }, c.seconds);
    },
    observer: { webhookDelivery: (outcome) => webhookDeliveries.inc({ outcome }) } satisfies OperationsObserver,
  };
}
