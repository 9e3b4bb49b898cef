import type { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { findOwnEndpoint } from './webhook-access';

/** An endpoint of the caller's account and environment, or null. */
export class GetWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<WebhookEndpointEntity | null> {
    return findOwnEndpoint(this.deps.orm.em.fork(), actor, id);
  }
}
