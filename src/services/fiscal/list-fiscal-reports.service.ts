import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { parsePeriod, parseReportType, readPeriodStatuses } from './fiscal-report-store';
import type { FiscalReportRecord } from './get-fiscal-report.service';

export interface FiscalReportsFilter {
  /** `AAAA-MM`; every period when absent. */
  period?: string | null;
  /** One report type of the catalog; every type when absent. */
  type?: string | null;
}

/**
 * The reports of an emitter of the caller (its account and environment), of one period or all,
 * newest first: what anyone with `fiscal:read` (a read-only user, an embed view of the emitter) can
 * open and download without asking for a new one. Walks the `(emitter, environment, period, id)` or
 * the `(emitter, environment, id)` index.
 */
export class ListFiscalReportsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, filter: FiscalReportsFilter, page: PageRequest): Promise<Page<FiscalReportRecord>> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const period = filter.period === undefined || filter.period === null ? null : parsePeriod(filter.period);
    const type = filter.type === undefined || filter.type === null ? null : parseReportType(filter.type);
    const rows = await em.find(
      FiscalReportEntity,
      {
        accountId: actor.accountId,
        environment: actor.environment,
        emitterId: emitter.id,
        ...(period ? { period } : {}),
        ...(type ? { type } : {}),
        ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}),
      },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    const listed = toPage(rows, page.limit);
    const statuses = await readPeriodStatuses(em, emitter.id, actor.environment, [...new Set(listed.data.map((r) => r.period))]);
    return { data: listed.data.map((report) => ({ report, periodStatus: statuses.get(report.period)! })), hasMore: listed.hasMore };
  }
}
