/** Dispatch: report type + ledger + params → report; CSV of any report; the bench entry point. */
import { writeAnnexCsv } from './annex-csv.writer';
import { writeBookCsv } from './book-csv.writer';
import type { FieldError } from '../dte/dte.types';
import { generateAnexo1 } from './f07-anexo1.generator';
import { generateAnexo10 } from './f07-anexo10.generator';
import { generateAnexo12 } from './f07-anexo12.generator';
import { generateAnexo2 } from './f07-anexo2.generator';
import { generateAnexo3 } from './f07-anexo3.generator';
import { generateAnexo4 } from './f07-anexo4.generator';
import { generateAnexo5 } from './f07-anexo5.generator';
import { generateAnexo7, generateAnexo8 } from './f07-received-withholding.generator';
import { generateAnexo9 } from './f07-anexo9.generator';
import { generateAnulados } from './f07-anulados.generator';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { generateDetalleExportaciones } from './detalle-exportaciones.generator';
import { generateLibroCompras } from './libro-compras.generator';
import { generateLibroVentasConsumidor } from './libro-ventas-consumidor.generator';
import { generateLibroVentasContribuyentes } from './libro-ventas-contribuyentes.generator';
import { isValidPeriod, periodOf } from './period.helpers';
import { REPORT_TYPE_NAMES, defaultReportParams, isBookType, parseReportParams, type AnnexCsvParams, type BookCsvParams, type ReportParams, type ReportType } from './report-params.schema';
import { reportTypeInfo } from './report-types.catalog';
import type { FiscalReport, ReportInput } from './report.types';
import { untypedSaleWarnings } from './record-derivations';

type Generators = { [T in ReportType]: (input: ReportInput, params: ReportParams<T>) => FiscalReport };

const GENERATORS: Generators = {
  f07_anexo1: generateAnexo1,
  f07_anexo2: generateAnexo2,
  f07_anexo3: generateAnexo3,
  f07_anexo4: generateAnexo4,
  f07_anexo5: generateAnexo5,
  f07_anexo7: generateAnexo7,
  f07_anexo8: generateAnexo8,
  f07_anexo9: generateAnexo9,
  f07_anexo10: generateAnexo10,
  f07_anexo12: generateAnexo12,
  f07_anulados: generateAnulados,
  libro_ventas_contribuyentes: generateLibroVentasContribuyentes,
  libro_ventas_consumidor: generateLibroVentasConsumidor,
  libro_compras: generateLibroCompras,
  detalle_exportaciones: generateDetalleExportaciones,
};

export type GenerateResult<T extends ReportType> =
  | { ok: true; report: FiscalReport; params: ReportParams<T>; rulesVersion: string }
  | { ok: false; errors: FieldError[] };

export function generateReport<T extends ReportType>(type: T, input: ReportInput, params?: unknown): GenerateResult<T> {
  if (!isValidPeriod(input.period)) {
    return { ok: false, errors: [{ path: 'period', code: 'invalid_format', message: 'El período tiene el formato AAAA-MM.' }] };
  }
  const parsed = parseReportParams(type, params);
  if (!parsed.ok) return parsed;
  return { ok: true, report: run(type, input, parsed.value), params: parsed.value, rulesVersion: reportTypeInfo(type).rulesVersion };
}

/** A generator's report plus the warnings about records it leaves out for lack of `doc_type`. */
function run<T extends ReportType>(type: T, input: ReportInput, params: ReportParams<T>): FiscalReport {
  const report = (GENERATORS[type] as (i: ReportInput, p: ReportParams<T>) => FiscalReport)(input, params);
  report.warnings.push(...untypedSaleWarnings(type, input));
  return report;
}

/** The CSV of a report: MH's upload format for annexes, a headed CSV for books. */
export function writeReportCsv<T extends ReportType>(type: T, report: FiscalReport, params: ReportParams<T>): Buffer {
  if (isBookType(type)) return writeBookCsv(report, params as BookCsvParams);
  return writeAnnexCsv(report, params as unknown as AnnexCsvParams);
}

/**
 * Every report type (default params) and its CSV for one period — the workload the 5-second target
 * covers. The period defaults to that of the first document (or record).
 */
export function generateAllForBench(
  docs: readonly LedgerDocument[],
  records: readonly LedgerRecord[],
  period?: string,
): { reports: Record<ReportType, FiscalReport>; files: Record<ReportType, Buffer> } {
  const p = period ?? (docs[0] ? periodOf(docs[0].issuedOn) : records[0]?.period ?? '');
  const input: ReportInput = { period: p, documents: docs, records };
  const reports = {} as Record<ReportType, FiscalReport>;
  const files = {} as Record<ReportType, Buffer>;
  for (const type of REPORT_TYPE_NAMES) {
    const params = defaultReportParams(type);
    const report = run(type, input, params);
    reports[type] = report;
    files[type] = writeReportCsv(type, report, params);
  }
  return { reports, files };
}
