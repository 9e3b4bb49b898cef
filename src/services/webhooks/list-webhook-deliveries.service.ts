import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { WebhookDeliveryEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEndpoint } from './webhook-access';

/** An endpoint's deliveries, newest first (404 when the endpoint is not the caller's). */
export class ListWebhookDeliveriesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryEntity>> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, endpointId, 'endpointId');
    const rows = await em.find(
      WebhookDeliveryEntity,
      { endpoint, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    return toPage(rows, page.limit);
  }
}
