import { z } from 'zod';
import { fiscalReportView, type FiscalReportView, type ReportTypeInfo } from '../../src/domain/fiscal';
import { toFiscalReportView } from '../../src/services/fiscal/fiscal-report-view';
import type { FiscalReportRecord } from '../../src/services/fiscal/get-fiscal-report.service';
import type { PeriodView } from '../../src/services/fiscal/fiscal-report-store';
import { restResourceOf } from './view-resource';

/**
 * The REST `fiscal_report` resource and its OpenAPI schema, derived from the report's view
 * (src/domain/fiscal/fiscal-report-view.ts, ADR 0062): snake_case, dates as ISO text; the formats
 * are listed by the report types, not here.
 */
const fiscalReport = restResourceOf<FiscalReportView>(fiscalReportView, { object: 'fiscal_report', id: 'FiscalReport' });
export const fiscalReportResource = fiscalReport.schema;

export const periodResource = z.object({
  object: z.literal('period'),
  emitter_id: z.string(),
  period: z.string(),
  status: z.enum(['open', 'closing', 'closed']),
  version: z.number().int(),
  closed_at: z.string().nullable(),
  drift: z.boolean(),
}).meta({ id: 'Period' });

export const reportTypeResource = z.object({
  type: z.string(),
  name: z.string(),
  formats: z.array(z.string()),
  params_schema: z.record(z.string(), z.unknown()),
  rules_version: z.string(),
  kind: z.enum(['annex', 'book']),
});

export function serializeFiscalReport(v: FiscalReportRecord): z.infer<typeof fiscalReportResource> {
  return fiscalReport.serialize(toFiscalReportView(v)) as z.infer<typeof fiscalReportResource>;
}

export function serializePeriod(p: PeriodView) {
  return { object: 'period' as const, emitter_id: p.emitterId, period: p.period, status: p.status, version: p.version, closed_at: p.closedAt ? p.closedAt.toISOString() : null, drift: p.drift };
}

export function serializeReportType(t: ReportTypeInfo) {
  return { type: t.type, name: t.name, formats: t.formats, params_schema: t.paramsSchema, rules_version: t.rulesVersion, kind: t.kind };
}
