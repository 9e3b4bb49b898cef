import type { FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { findOwnReport, loadOwnReport, readPeriod } from './fiscal-report-store';

export interface FiscalReportRecord {
  report: FiscalReportEntity;
  periodStatus: 'open' | 'closing' | 'closed';
}

/** A report of an emitter of the caller (status, totals, warnings, drift), or null. */
export class GetFiscalReportService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, reportId: string): Promise<FiscalReportRecord | null> {
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const report = await findOwnReport(em, actor, emitterId, reportId);
    if (!report) return null;
    const period = await readPeriod(em, report.emitterId, report.environment, report.period);
    return { report, periodStatus: period.status };
  }
}

export interface ReportRowsPage {
  columns: FiscalReportEntity['columns'];
  rows: { n: number; cells: string[] }[];
  hasMore: boolean;
  /** `n` of the last row returned (the next page's `starting_after`). */
  endCursor: string | null;
}

/** Rows of a report in order, `first` at a time after row `after` (the `n` of the last row seen). */
export class ListFiscalReportRowsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, reportId: string, page: { first: number; after: string | null }): Promise<ReportRowsPage> {
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const report = await loadOwnReport(em, actor, emitterId, reportId);
    const afterN = page.after !== null && /^\d{1,9}$/.test(page.after) ? Number(page.after) : -1;
    const start = afterN;
    const rows = await sql<{ n: number; cells: string[] }>(em, 'select n, cells from fiscal_report_rows where report_id = ? and n > ? order by n limit ?', [report.id, start, page.first + 1]);
    const hasMore = rows.length > page.first;
    const slice = rows.slice(0, page.first).map((r) => ({ n: Number(r.n), cells: r.cells }));
    return { columns: report.columns, rows: slice, hasMore, endCursor: slice.length ? String(slice[slice.length - 1].n) : null };
  }
}
