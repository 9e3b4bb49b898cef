import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { type PeriodView } from './fiscal-report-store';
import { DOCUMENT_ISSUE_PERIODS_SQL } from '../../persistence/documents/document-queries';


/** Periods of an emitter that have issued documents, fiscal records or a status row; newest first. */
export class ListFiscalPeriodsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string): Promise<PeriodView[]> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    const rows = await sql<{ period: string; status: PeriodView['status'] | null; version: number | null; closed_at: Date | null; drift: boolean | null }>(
      em,
      `with p as (
         ${DOCUMENT_ISSUE_PERIODS_SQL}
         union select distinct period from fiscal_records where emitter_id = ? and environment = ? and deleted_at is null
         union select period from fiscal_periods where emitter_id = ? and environment = ?)
       select p.period, fp.status, fp.version, fp.closed_at, fp.drift
         from p left join fiscal_periods fp on fp.emitter_id = ? and fp.environment = ? and fp.period = p.period
        order by p.period desc`,
      [emitter.id, actor.environment, emitter.id, actor.environment, emitter.id, actor.environment, emitter.id, actor.environment],
    );
    return rows.map((r) => ({
      emitterId: emitter.id,
      period: r.period,
      status: r.status ?? 'open',
      version: Number(r.version ?? 1),
      closedAt: r.closed_at ? new Date(r.closed_at) : null,
      drift: r.drift ?? false,
    }));
  }
}
