import type { Page, PageRequest } from '../../domain/shared/pagination';
import type { ProductEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { searchDirectory } from './directory-search';

/** An emitter's products and services by description; `q` looks in code and description (no case, accents or dashes). */
export class ListProductsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, q: string | null | undefined, page: PageRequest): Promise<Page<ProductEntity>> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    return searchDirectory(em, 'products', emitter.id, q, page);
  }
}
