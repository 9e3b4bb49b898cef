import { isReportType, reportTypeInfo, type FiscalReportView } from '../../domain/fiscal';
import type { FiscalReportRecord } from './get-fiscal-report.service';

/**
 * A report as its view (src/domain/fiscal/fiscal-report-view.ts, ADR 0062), the one mapping both doors
 * show: a period that is closing reads as open, `generatedAt` only once ready, the formats of its type.
 */
export function toFiscalReportView(v: FiscalReportRecord): FiscalReportView {
  const r = v.report;
  return {
    id: r.id,
    emitterId: r.emitterId,
    type: r.type,
    period: r.period,
    params: r.params,
    status: r.status as FiscalReportView['status'],
    periodStatus: v.periodStatus === 'closed' ? 'closed' : 'open',
    inputHash: r.inputHash,
    rulesVersion: r.rulesVersion,
    generatedAt: r.status === 'ready' && r.completedAt ? new Date(r.completedAt) : null,
    totals: r.totals,
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message, documentId: w.documentId })),
    drift: r.drift,
    rowCount: r.rowCount,
    periodVersion: r.periodVersion,
    formats: isReportType(r.type) ? [...reportTypeInfo(r.type).formats] : [],
    error: r.error,
    createdAt: new Date(r.createdAt),
  };
}
