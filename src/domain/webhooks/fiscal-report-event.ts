import { FISCAL_REPORT_FAILED_FIELDS, FISCAL_REPORT_READY_FIELDS, type FiscalReportView } from '../fiscal/fiscal-report-view';
import { summaryKey } from './webhook-event';

type Fields<F extends readonly (keyof FiscalReportView)[]> = Pick<FiscalReportView, F[number]>;

function pick(fields: readonly (keyof FiscalReportView)[], r: Partial<FiscalReportView>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: r.id, object: 'fiscal_report' };
  for (const f of fields) if (f !== 'id') out[summaryKey(f)] = r[f] ?? null;
  return out;
}

/**
 * The snake_case `data` of a `fiscal.report.ready` event: the view's FISCAL_REPORT_READY_FIELDS and
 * how many warnings the report has (the warnings themselves are read from the report).
 */
export function fiscalReportReadyEventData(r: Fields<typeof FISCAL_REPORT_READY_FIELDS>, warningCount: number): Record<string, unknown> {
  return { ...pick(FISCAL_REPORT_READY_FIELDS, r), warnings: warningCount };
}

/** The snake_case `data` of a `fiscal.report.failed` event: the view's FISCAL_REPORT_FAILED_FIELDS. */
export function fiscalReportFailedEventData(r: Fields<typeof FISCAL_REPORT_FAILED_FIELDS>): Record<string, unknown> {
  return pick(FISCAL_REPORT_FAILED_FIELDS, r);
}
