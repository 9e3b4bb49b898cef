import type { Page, PageRequest } from '../../domain/shared/pagination';
import type { CustomerEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { searchDirectory } from './directory-search';

/**
 * An emitter's customers alphabetically; `q` looks in name, trade name, identification number, NRC and
 * e-mail, ignoring case, accents and dashes (a partial NIT matches).
 */
export class ListCustomersService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, q: string | null | undefined, page: PageRequest): Promise<Page<CustomerEntity>> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    return searchDirectory(em, 'customers', emitter.id, q, page);
  }
}
