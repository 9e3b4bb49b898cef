import type { WebhookEndpointView } from '../../domain/webhooks/webhook-endpoint-view';

/**
 * What the doors (GraphQL, REST) may read of webhook endpoints, deliveries and attempts: the
 * stored records have these fields (and the secrets, which are not listed here and never shown).
 * An endpoint's record is shown as its view (src/domain/webhooks/webhook-endpoint-view.ts,
 * ADR 0062) through `toWebhookEndpointView`, the one mapping both doors use.
 */
export interface WebhookEndpointRecord {
  id: string;
  url: string;
  events: readonly string[];
  disabled: boolean;
  environment: string;
  createdAt: Date;
  updatedAt: Date;
  lastDeliveryAt: Date | null;
  lastDeliveryStatus: number | null;
}

/** `secret` only right after creation or a roll; never read back. */
export function toWebhookEndpointView(e: WebhookEndpointRecord, secret: string | null = null): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    events: [...e.events],
    secret,
    disabled: e.disabled,
    environment: e.environment as WebhookEndpointView['environment'],
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    lastDeliveryAt: e.lastDeliveryAt,
    lastDeliveryStatus: e.lastDeliveryStatus,
  };
}

export interface WebhookDeliveryView {
  id: string;
  endpoint: { id: string };
  eventId: string;
  eventType: string;
  environment: string;
  status: string;
  test: boolean;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
  /** The exact JSON sent (no secret in it): what the event is about is read from it. */
  body: string;
}

export interface WebhookAttemptView {
  number: number;
  at: Date;
  statusCode: number;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}
