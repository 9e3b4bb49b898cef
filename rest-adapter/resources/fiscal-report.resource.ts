import { z } from 'zod';
import type { ReportTypeInfo } from '../../src/domain/fiscal';
import type { FiscalReportView } from '../../src/services/fiscal/get-fiscal-report.service';
import type { PeriodView } from '../../src/services/fiscal/fiscal-report-store';

export const fiscalReportResource = z.object({
  id: z.string(),
  object: z.literal('fiscal_report'),
  emitter_id: z.string(),
  type: z.string(),
  period: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  period_status: z.enum(['open', 'closing', 'closed']),
  input_hash: z.string(),
  rules_version: z.string(),
  generated_at: z.string().nullable(),
  totals: z.record(z.string(), z.string()).nullable(),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), document_id: z.string().nullable() })),
  drift: z.boolean(),
  row_count: z.number().int(),
  period_version: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
}).meta({ id: 'FiscalReport' });

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

export function serializeFiscalReport(v: FiscalReportView) {
  const r = v.report;
  return {
    id: r.id,
    object: 'fiscal_report' as const,
    emitter_id: r.emitterId,
    type: r.type,
    period: r.period,
    params: r.params,
    status: r.status,
    period_status: v.periodStatus === 'closed' ? 'closed' : 'open',
    input_hash: r.inputHash,
    rules_version: r.rulesVersion,
    generated_at: r.status === 'ready' && r.completedAt ? new Date(r.completedAt).toISOString() : null,
    totals: r.totals,
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message, document_id: w.documentId })),
    drift: r.drift,
    row_count: r.rowCount,
    period_version: r.periodVersion,
    error: r.error,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

export function serializePeriod(p: PeriodView) {
  return { object: 'period' as const, emitter_id: p.emitterId, period: p.period, status: p.status, version: p.version, closed_at: p.closedAt ? p.closedAt.toISOString() : null, drift: p.drift };
}

export function serializeReportType(t: ReportTypeInfo) {
  return { type: t.type, name: t.name, formats: t.formats, params_schema: t.paramsSchema, rules_version: t.rulesVersion, kind: t.kind };
}
