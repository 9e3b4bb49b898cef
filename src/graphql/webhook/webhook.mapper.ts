import { webhookEventSubject } from '../../domain/webhooks/event-subject';
import type { WebhookAttemptView, WebhookDeliveryView } from '../../services/webhooks/webhook-view';
import { type WebhookAttemptType, type WebhookDeliveryType, WebhookDeliveryStatusGql } from './webhook.types';

export function toWebhookAttempt(a: WebhookAttemptView): WebhookAttemptType {
  return { number: a.number, at: a.at, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, responseExcerpt: a.responseExcerpt };
}

export function toWebhookDelivery(d: WebhookDeliveryView, attempts?: WebhookAttemptView[]): WebhookDeliveryType {
  return {
    id: d.id,
    endpointId: d.endpoint.id,
    eventId: d.eventId,
    eventType: d.eventType,
    environment: d.environment,
    status: d.status as WebhookDeliveryStatusGql,
    test: d.test,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
    lastAttemptAt: d.lastAttemptAt,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    failedAt: d.failedAt,
    subject: webhookEventSubject(d.body),
    ...(attempts ? { attempts: attempts.map(toWebhookAttempt) } : {}),
  };
}
