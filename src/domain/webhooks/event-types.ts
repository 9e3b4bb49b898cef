/** Event names of the interface spec's Events table and the documented additions (docs/webhooks.md); an endpoint subscribes to some of them or to `*`. */
export const WEBHOOK_EVENT_TYPES = [
  'document.processed',
  'document.rejected',
  'document.contingency',
  'document.voided',
  'document.delivered',
  'document.returned',
  'special_operation.processed',
  'document.return_voided',
  'special_operation.voided',
  'fiscal.report.ready',
  'fiscal.report.failed',
  'fiscal.period.closed',
  'fiscal.period.drift_detected',
  'credential.expiring',
  'contingency.failed',
  'recurring_document.failed',
  'archive.ready',
  'archive.failed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Subscribes to every event, including those added later. */
export const ALL_EVENTS = '*';

export function isWebhookEventType(name: string): name is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(name);
}

/** Whether an endpoint listening to `events` receives an event of `type`. */
export function subscribesTo(events: readonly string[], type: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}
