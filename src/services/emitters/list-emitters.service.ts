import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { EmitterEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/** The account's emitters, newest first; `startingAfter` is the id of the last emitter seen. */
export class ListEmittersService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<EmitterEntity>> {
    const em = this.deps.orm.em.fork();
    const rows = await em.find(
      EmitterEntity,
      {
        account: actor.accountId,
        ...(page.startingAfter || actor.onlyEmitterIds
          ? { id: { ...(page.startingAfter ? { $lt: page.startingAfter } : {}), ...(actor.onlyEmitterIds ? { $in: [...actor.onlyEmitterIds] } : {}) } }
          : {}),
      },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    return toPage(rows, page.limit);
  }
}
