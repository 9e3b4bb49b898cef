import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { EstablishmentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEmitter } from './emitter-access';

/** An emitter's establishments in creation order (oldest first, like codes M001, S001…). */
export class ListEstablishmentsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, page: PageRequest): Promise<Page<EstablishmentEntity>> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const rows = await em.find(
      EstablishmentEntity,
      { emitter, ...(page.startingAfter ? { id: { $gt: page.startingAfter } } : {}) },
      { orderBy: { id: 'asc' }, limit: page.limit + 1, populate: ['pointsOfSale'] },
    );
    return toPage(rows, page.limit);
  }
}
