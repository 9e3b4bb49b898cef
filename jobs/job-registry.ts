/**
 * Every job the service runs: its name and its payload, in one place. Payloads carry ids (strings),
 * never documents; `unique` names the jobs of which at most one may be queued per payload (Agenda's
 * unique key). Services enqueue through the typed QueuePort, workers parse the payload here once.
 */
export const JOB_REGISTRY = {
  'transmit-document': { fields: ['documentId'], unique: (p) => `transmit:${p.documentId}` },
  'send-invalidation': { fields: ['invalidationId'], unique: (p) => `invalidation:${p.invalidationId}` },
  'deliver-document-email': { fields: ['emailId'] },
  'deliver-account-email': { fields: ['emailId'] },
  'deliver-webhook': { fields: ['deliveryId'] },
  'generate-fiscal-report': { fields: ['reportId'], unique: (p) => `generate-fiscal-report:${p.reportId}` },
  'generate-period-archive': { fields: ['archiveId'], unique: (p) => `generate-period-archive:${p.archiveId}` },
  'close-fiscal-period': {
    fields: ['accountId', 'emitterId', 'environment', 'period'],
    unique: (p) => `close-fiscal-period:${p.emitterId}:${p.environment}:${p.period}`,
  },
  'dispatch-outbox-events': { fields: [] },
  'cleanup-idempotency-records': { fields: [] },
  'reconcile-documents': { fields: [] },
  'recover-contingency': { fields: [] },
  'sweep-webhook-deliveries': { fields: [] },
  'sweep-document-emails': { fields: [] },
  'sweep-account-emails': { fields: [] },
  'sweep-fiscal-work': { fields: [] },
  'cleanup-panel-sessions': { fields: [] },
  'reconcile-dte-events': { fields: [] },
  'notify-expiring-credentials': { fields: [] },
  'run-recurring-documents': { fields: [] },
} as const satisfies Record<string, { fields: readonly string[]; unique?: (p: Readonly<Record<string, string>>) => string }>;

export type JobName = keyof typeof JOB_REGISTRY;

/** The payload of a job: each of its fields, a string. */
export type JobPayload<N extends JobName> = { [F in (typeof JOB_REGISTRY)[N]['fields'][number]]: string };

/** The jobs that carry a payload (the others are recurring sweeps). */
export type JobWithPayload = { [N in JobName]: (typeof JOB_REGISTRY)[N]['fields'] extends readonly [] ? never : N }[JobName];

/** The queue key that keeps a job unique for this payload, or undefined when the job may be queued several times. */
export function uniqueKeyOf<N extends JobName>(name: N, payload: JobPayload<N>): string | undefined {
  const entry: { readonly fields: readonly string[]; readonly unique?: (p: Readonly<Record<string, string>>) => string } = JOB_REGISTRY[name];
  return entry.unique?.(payload);
}

/** A stored payload as the job expects it: every field a non-empty string of at most 200 characters, or null. */
export function parseJobPayload<N extends JobName>(name: N, data: Record<string, unknown>): JobPayload<N> | null {
  const out: Record<string, string> = {};
  for (const field of JOB_REGISTRY[name].fields) {
    const v = data[field];
    if (typeof v !== 'string' || v.length === 0 || v.length > 200) return null;
    out[field] = v;
  }
  return out as JobPayload<N>;
}
