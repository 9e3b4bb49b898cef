import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { WebhookDeliveryEntity, type WebhookEndpointEntity } from '../../persistence/entities';

/**
 * A pending delivery of one event to one endpoint, persisted with the caller's next flush: due at
 * once, no attempt yet. A test event (`test`) is attempted once by its caller and never retried, so
 * its retry window starts now and nothing schedules it.
 */
export function newWebhookDelivery(
  em: EntityManager,
  d: { endpoint: WebhookEndpointEntity; accountId: string; environment: string; eventId: string; eventType: string; body: string; test: boolean; now: Date },
): WebhookDeliveryEntity {
  return em.create(WebhookDeliveryEntity, {
    id: newId(IdPrefix.delivery, d.now.getTime()),
    endpoint: d.endpoint,
    accountId: d.accountId,
    environment: d.environment,
    eventId: d.eventId,
    eventType: d.eventType,
    body: d.body,
    status: 'pending',
    test: d.test,
    attemptCount: 0,
    firstAttemptAt: d.test ? d.now : null,
    nextAttemptAt: d.test ? null : d.now,
    leaseUntil: null,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    deliveredAt: null,
    failedAt: null,
    createdAt: d.now,
    updatedAt: d.now,
  });
}
