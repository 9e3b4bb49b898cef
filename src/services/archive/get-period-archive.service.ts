import type { PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { toPeriodArchiveView } from './period-archive-access';

/** One archive of an emitter of the caller (its account and environment); null when there is none. */
export class GetPeriodArchiveService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, id: string): Promise<PeriodArchiveView | null> {
    await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId, 'emitterId');
    const row = await this.deps.archives.find(actor, emitterId, id);
    return row ? toPeriodArchiveView(row) : null;
  }
}
