import type { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEndpoint } from './webhook-access';

/** Deletes an endpoint with its deliveries and attempts (and its sealed secrets); pending retries stop. */
export class DeleteWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<WebhookEndpointEntity> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, id);
    em.remove(endpoint);
    await em.flush();
    return endpoint;
  }
}
