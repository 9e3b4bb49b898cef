import type { PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { toPeriodArchiveView } from './period-archive-access';

/** The archives of an emitter of the caller, newest first (cursor: the last id seen). */
export class ListPeriodArchivesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, page: PageRequest): Promise<Page<PeriodArchiveView>> {
    const emitter = await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId, 'emitterId');
    const rows = await this.deps.archives.page(actor, emitter.id, { limit: page.limit + 1, startingAfter: page.startingAfter });
    const listed = toPage(rows, page.limit);
    return { data: listed.data.map(toPeriodArchiveView), hasMore: listed.hasMore };
  }
}
