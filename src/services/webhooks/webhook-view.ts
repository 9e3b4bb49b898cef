/**
 * What the doors (GraphQL, REST) may read of webhook endpoints, deliveries and attempts: the
 * stored records have these fields (and the secrets, which are not listed here and never shown).
 */
export interface WebhookEndpointView {
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
