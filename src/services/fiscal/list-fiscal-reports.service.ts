import { isValidPeriod } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { parseReportType } from './fiscal-report-store';
import type { FiscalReportView } from './get-fiscal-report.service';

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

  async execute(actor: Actor, emitterId: string, filter: FiscalReportsFilter, page: PageRequest): Promise<Page<FiscalReportView>> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const period = filter.period ?? null;
    if (period !== null && (typeof period !== 'string' || !isValidPeriod(period))) {
      throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM (por ejemplo 2026-03).');
    }
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
    // The periods' statuses in one statement (a period without a row is open).
    const periods = [...new Set(listed.data.map((r) => r.period))];
    const periodRows = periods.length
      ? await sql<{ period: string; status: FiscalReportView['periodStatus'] }>(em, 'select period, status from fiscal_periods where emitter_id = ? and environment = ? and period = any(?::text[])', [emitter.id, actor.environment, periods])
      : [];
    const statuses = new Map(periodRows.map((r) => [r.period, r.status]));
    return { data: listed.data.map((report) => ({ report, periodStatus: statuses.get(report.period) ?? 'open' })), hasMore: listed.hasMore };
  }
}
