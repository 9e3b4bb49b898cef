import type { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { recordAudit } from '../audit/audit-trail';
import { loadOwnEndpoint } from './webhook-access';

/**
 * Deletes an endpoint with its deliveries and attempts (and its sealed secrets); pending retries stop.
 *
 * Lock order matters: a worker recording an attempt locks the delivery row and then the endpoint row
 * (its `last_delivery_*`). Deleting the endpoint first and letting the foreign key cascade to the
 * deliveries takes them the other way round, and PostgreSQL aborts one of the two as a deadlock — a
 * 500 for the client. So the deliveries go first (waiting for a worker that holds one), then the endpoint.
 */
export class DeleteWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<WebhookEndpointEntity> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, id);
    await em.transactional(async (tx) => {
      await sql(tx, 'delete from webhook_deliveries where endpoint_id = ?', [endpoint.id]);
      await sql(tx, 'delete from webhook_endpoints where id = ?', [endpoint.id]);
      await recordAudit(tx, this.deps.clock.now(), { actor }, {
        accountId: actor.accountId, action: 'webhook_endpoint.deleted', target: { type: 'webhook_endpoint', id: endpoint.id }, details: { url: endpoint.url, environment: endpoint.environment },
      });
    });
    return endpoint;
  }
}
