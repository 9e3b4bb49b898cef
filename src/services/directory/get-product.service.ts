import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadProductFor, type ProductRow } from './directory-rows';

/** One product or service of an emitter; null when the emitter or the product is not this account's. */
export class GetProductService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string): Promise<ProductRow | null> {
    const em = this.deps.orm.em.fork();
    try {
      return (await loadProductFor(em, actor, emitterId, id)).product;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'resource_not_found') return null;
      throw err;
    }
  }
}
