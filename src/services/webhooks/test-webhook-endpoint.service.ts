import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { testDocumentEventData, webhookEventBody } from '../../domain/webhooks/webhook-event';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from '../../persistence/entities';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { findOwnDelivery, loadOwnEndpoint } from './webhook-access';
import { recordAttempt, sendAttempt } from './webhook-attempt';
import type { WebhookHttpSender } from '../../integrations/webhooks/webhook-http-sender';
import { newWebhookDelivery } from './new-webhook-delivery';

export interface WebhookTestResult {
  eventId: string;
  /** The receiver's HTTP status; 0 when there was no response. */
  status: number;
}

const STAMP_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The resource type a test links to its Idempotency-Key record: its delivery. */
const TEST_RESOURCE = 'webhook_test_delivery';

/**
 * Sends a fictitious `document.processed` of environment `00`, signed like a real event, in ONE
 * attempt made now. A failed test is recorded but never retried.
 *
 * The test's delivery is linked to the request's Idempotency-Key record in the commit that creates
 * it. A retry of a request whose process died answers that test event (the same event id) as it
 * ended; one whose attempt was never recorded is attempted now, once, so no second test event is made.
 */
export class TestWebhookEndpointService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sender: WebhookHttpSender,
  ) {}

  async execute(actor: Actor, id: string): Promise<WebhookTestResult> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, id);
    const resumed = resumedResource(actor, TEST_RESOURCE);
    const earlier = resumed ? await findOwnDelivery(em, endpoint, resumed) : null;
    if (earlier && earlier.status !== 'pending') return { eventId: earlier.eventId, status: earlier.lastStatus ?? 0 };
    const delivery = earlier ?? (await this.newTestDelivery(em, actor, endpoint));
    const { at, result } = await sendAttempt(this.deps, this.sender, endpoint, delivery, 1);
    const done = this.deps.clock.now();
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(
        WebhookDeliveryEntity,
        { id: delivery.id },
        {
          status: result.ok ? 'delivered' : 'failed',
          attemptCount: 1,
          lastAttemptAt: at,
          lastStatus: result.statusCode,
          lastError: result.error,
          deliveredAt: result.ok ? done : null,
          failedAt: result.ok ? null : done,
          updatedAt: done,
        },
      );
      await recordAttempt(tx, { deliveryId: delivery.id, endpointId: endpoint.id, number: 1, at, result });
    });
    return { eventId: delivery.eventId, status: result.statusCode };
  }

  /** The test event's delivery, committed with its link to the request's Idempotency-Key record. */
  private async newTestDelivery(em: EntityManager, actor: Actor, endpoint: WebhookEndpointEntity): Promise<WebhookDeliveryEntity> {
    const now = this.deps.clock.now();
    const eventId = newId(IdPrefix.event, now.getTime());
    const stamp = `${now.getUTCFullYear()}${[...randomBytes(36)].map((b) => STAMP_ALPHABET[b % 36]).join('')}`;
    const data = testDocumentEventData({
      documentId: newId(IdPrefix.document, now.getTime()),
      generationCode: randomUUID().toUpperCase(),
      receptionStamp: stamp,
      processedAt: now,
    });
    return em.transactional(async (tx) => {
      const delivery = newWebhookDelivery(tx, {
        endpoint: tx.getReference(WebhookEndpointEntity, endpoint.id),
        accountId: actor.accountId,
        environment: '00',
        eventId,
        eventType: 'document.processed',
        body: webhookEventBody({ id: eventId, type: 'document.processed', environment: '00', createdAt: now, data }),
        test: true,
        now,
      });
      await tx.flush();
      await linkCreatedResource(tx, actor, TEST_RESOURCE, delivery.id);
      return delivery;
    });
  }
}
