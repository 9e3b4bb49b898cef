import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { RecurringDocumentEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { recurringView, type RecurringDocumentView } from './recurring-view';

/** The recurring documents of one emitter in the caller's environment, newest first; another account's emitter is 404. */
export class ListRecurringDocumentsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, page: PageRequest): Promise<Page<RecurringDocumentView>> {
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId);
    const rows = await em.find(
      RecurringDocumentEntity,
      { accountId: actor.accountId, environment: actor.environment, emitterId, deletedAt: null, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    const p = toPage(rows, page.limit);
    return { data: p.data.map(recurringView), hasMore: p.hasMore };
  }
}
