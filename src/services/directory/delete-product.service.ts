import { ProductEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadProductFor } from './directory-rows';

/** Removes a product or service from the catalogue; documents keep their lines as issued. */
export class DeleteProductService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string): Promise<ProductEntity> {
    const em = this.deps.orm.em.fork();
    const removed = await em.transactional(async (tx) => {
      const { emitter, product: p } = await loadProductFor(tx, actor, emitterId, id);
      await tx.nativeDelete(ProductEntity, { id: p.id });
      await recordAudit(tx, this.deps.clock.now(), { actor }, {
        accountId: actor.accountId, action: 'product.deleted', target: { type: 'emitter', id: emitter.id },
        details: { product_id: p.id, code: p.code, description: p.description },
      });
      return p;
    });
    // Issuance by reference in this process must not find it in its cache.
    this.deps.emitterCaches?.forget(removed.emitter.id);
    return removed;
  }
}
