import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/** The endpoints of the caller's account and environment, newest first. */
export class ListWebhookEndpointsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<WebhookEndpointEntity>> {
    const rows = await this.deps.orm.em.fork().find(
      WebhookEndpointEntity,
      { accountId: actor.accountId, environment: actor.environment, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    return toPage(rows, page.limit);
  }
}
