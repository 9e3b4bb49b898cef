import { WebhookAttemptEntity, type WebhookDeliveryEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { findOwnDelivery, findOwnEndpoint } from './webhook-access';

export interface DeliveryWithAttempts {
  delivery: WebhookDeliveryEntity;
  attempts: WebhookAttemptEntity[];
}

/** A delivery of one of the caller's endpoints with its attempts in order, or null. */
export class GetWebhookDeliveryService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts | null> {
    const em = this.deps.orm.em.fork();
    const endpoint = await findOwnEndpoint(em, actor, endpointId);
    if (!endpoint) return null;
    const delivery = await findOwnDelivery(em, endpoint, deliveryId);
    if (!delivery) return null;
    const attempts = await em.find(WebhookAttemptEntity, { delivery }, { orderBy: { number: 'asc' } });
    return { delivery, attempts };
  }
}
