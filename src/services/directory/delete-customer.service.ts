import { CustomerEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadCustomerFor } from './directory-rows';

/**
 * Removes a customer from the directory. Documents issued to it are untouched: each holds its receiver
 * as issued and never points at the directory.
 */
export class DeleteCustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string): Promise<CustomerEntity> {
    const em = this.deps.orm.em.fork();
    const removed = await em.transactional(async (tx) => {
      const { emitter, customer: c } = await loadCustomerFor(tx, actor, emitterId, id);
      await tx.nativeDelete(CustomerEntity, { id: c.id });
      await recordAudit(tx, this.deps.clock.now(), { actor }, {
        accountId: actor.accountId, action: 'customer.deleted', target: { type: 'emitter', id: emitter.id },
        details: { customer_id: c.id, name: c.name },
      });
      return c;
    });
    // Issuance by reference in this process must not find it in its cache.
    this.deps.emitterCaches?.forget(removed.emitter.id);
    return removed;
  }
}
