import { WebhookAttemptEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import type { WebhookAttemptView } from './webhook-view';

/**
 * The attempts of several deliveries in one query, oldest first, in the order of `deliveryIds`
 * (the GraphQL door batches a page's deliveries). The caller has already loaded the deliveries
 * through an account-checked service, so only their ids reach here.
 */
export class ListWebhookAttemptsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(deliveryIds: readonly string[]): Promise<WebhookAttemptView[][]> {
    const rows = await this.deps.orm.em.fork().find(WebhookAttemptEntity, { delivery: { $in: [...deliveryIds] } }, { orderBy: { number: 'asc' } });
    return deliveryIds.map((id) => rows.filter((r) => r.delivery.id === id));
  }
}
