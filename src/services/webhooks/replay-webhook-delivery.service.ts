import { DomainError } from '../../domain/shared/domain-error';
import { WebhookDeliveryEntity } from '../../persistence/entities';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { findOwnDelivery, loadOwnEndpoint } from './webhook-access';

/** The resource type a replay links to its Idempotency-Key record (its id is the delivery's). */
const REPLAY_RESOURCE = 'webhook_delivery_replay';

/**
 * Sends a finished delivery (`failed`, or `delivered` to resend it) again: a new attempt cycle with a
 * new retry window, the same event id and the same body bytes; attempt numbers continue.
 *
 * The replay is linked to the request's Idempotency-Key record in the commit that starts it. A retry
 * of a request whose process died answers the delivery as it is now: never a second cycle (a
 * delivered replay sent again), never 409 for the pending cycle it started itself. A cycle whose
 * job was lost with the process is sent by the sweep.
 */
export class ReplayWebhookDeliveryService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, endpointId: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, endpointId, 'endpointId');
    const delivery = await findOwnDelivery(em, endpoint, deliveryId);
    if (!delivery) throw DomainError.notFound('una entrega de ese endpoint', 'deliveryId');
    if (resumedResource(actor, REPLAY_RESOURCE)) return delivery;
    if (delivery.test) {
      throw new DomainError('webhook_delivery_not_replayable', 'Los eventos de prueba no se reenvían; envíe otro con POST /v1/webhook-endpoints/{id}/test.');
    }
    const now = this.deps.clock.now();
    const changed = await em.transactional(async (tx) => {
      const n = await tx.nativeUpdate(
        WebhookDeliveryEntity,
        { id: delivery.id, status: { $in: ['failed', 'delivered'] } },
        { status: 'pending', firstAttemptAt: null, nextAttemptAt: now, leaseUntil: null, deliveredAt: null, failedAt: null, lastError: null, updatedAt: now },
      );
      if (n) await linkCreatedResource(tx, actor, REPLAY_RESOURCE, delivery.id);
      return n;
    });
    if (!changed) {
      throw new DomainError('webhook_delivery_not_replayable', 'La entrega todavía está pendiente: se reintentará sola hasta entregarse o agotar el plazo de 24 horas.');
    }
    await this.deps.queue.enqueue('deliver-webhook', { deliveryId: delivery.id });
    return em.findOneOrFail(WebhookDeliveryEntity, { id: delivery.id }, { refresh: true });
  }
}
