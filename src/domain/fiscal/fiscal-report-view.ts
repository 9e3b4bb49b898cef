import { z } from 'zod';

export const FISCAL_REPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export const FISCAL_PERIOD_STATUSES = ['open', 'closing', 'closed'] as const;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/**
 * A fiscal report as the API shows it — THE declaration of that output (ADR 0062). GraphQL's
 * `FiscalReport` (src/graphql/fiscal-report/fiscal-report.types.ts) and REST's `fiscal_report` with
 * its OpenAPI schema (rest-adapter/resources/fiscal-report.resource.ts) are derived from it, and the
 * `fiscal.report.*` webhook events carry FISCAL_REPORT_READY_FIELDS / FISCAL_REPORT_FAILED_FIELDS
 * (src/domain/webhooks/fiscal-report-event.ts). The mapper (src/services/fiscal/fiscal-report-view.ts)
 * fails the type check until it fills a field added here.
 */
export const fiscalReportView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  type: z.string().meta({ gqlDescription: 'Tipo de reporte (f07_anexo1, libro_compras, …).' }),
  period: z.string().meta({ gqlDescription: 'Período AAAA-MM.' }),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(FISCAL_REPORT_STATUSES).meta({ gqlEnum: 'FiscalReportStatus' }),
  periodStatus: z.enum(FISCAL_PERIOD_STATUSES).meta({ gqlEnum: 'FiscalPeriodStatus', gqlDescription: 'Estado del período (como period_status en REST: closing se informa como OPEN).' }),
  inputHash: z.string(),
  rulesVersion: z.string(),
  generatedAt: z.date().nullable(),
  totals: z.record(z.string(), z.string()).nullable().meta({ gqlDescription: 'Totales por columna (montos como texto con 2 decimales); null antes de estar listo.' }),
  warnings: z.array(
    z.object({ code: z.string(), message: z.string(), documentId: z.string().nullable().meta({ gql: 'ID' }) }).meta({ id: 'FiscalReportWarning' }),
  ),
  drift: z.boolean().meta({ gqlDescription: 'Algún documento del reporte cambió después de generarlo (período cerrado).' }),
  rowCount: z.number().int(),
  periodVersion: z.number().int(),
  /** The formats its type is downloadable in (GraphQL only; REST lists them in the report types). */
  formats: z.array(z.enum(REPORT_FORMATS).meta({ gqlEnum: 'FiscalReportFormat' })).meta({ rest: false }),
  error: z.string().nullable(),
  createdAt: z.date(),
});

export type FiscalReportView = z.infer<typeof fiscalReportView>;

/** The view's fields a `fiscal.report.ready` event carries in `data` (with `object` and the count of `warnings`). */
export const FISCAL_REPORT_READY_FIELDS = ['id', 'emitterId', 'type', 'period', 'status', 'inputHash', 'rulesVersion', 'rowCount'] as const satisfies readonly (keyof FiscalReportView)[];
/** The view's fields a `fiscal.report.failed` event carries in `data` (with `object`). */
export const FISCAL_REPORT_FAILED_FIELDS = ['id', 'emitterId', 'type', 'period', 'status', 'error'] as const satisfies readonly (keyof FiscalReportView)[];
