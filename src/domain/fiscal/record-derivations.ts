/**
 * `issue_date`, `doc_class` and `doc_type` are optional on a fiscal record (spec "Fiscal record").
 * The books and annexes derive the first two where they need them and warn about the third — an
 * ingestion is never refused for their absence:
 * - `issue_date` ← `accounting_date` (the date cell of every annex and book);
 * - `doc_class` ← `4` (DTE) when the record carries a DTE identifier (generation code, control number
 *   or seal), `3` for a customs document (types 12, 13), else `1` (printed);
 * - `doc_type` cannot be guessed: a record without it keeps an empty type cell, or — an external
 *   sale, which the type routes — stays out of the sales annexes and books; the report says which.
 */
import { CUSTOMS_DOC_TYPES, type DocClass, type FiscalRecord } from './fiscal-record.schema';
import type { LedgerRecord } from './ledger.types';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportInput, ReportWarning } from './report.types';
import type { ReportType } from './report-params.schema';

export function derivedDocClass(r: Pick<FiscalRecord, 'docClass' | 'docType' | 'generationCode' | 'controlNumber' | 'seal'>): DocClass {
  if (r.docClass !== undefined) return r.docClass;
  if (r.generationCode !== undefined || r.controlNumber !== undefined || r.seal !== undefined) return '4';
  if (r.docType !== undefined && (CUSTOMS_DOC_TYPES as readonly string[]).includes(r.docType)) return '3';
  return '1';
}

/** The record as the books read it: `issueDate` and `docClass` always present. */
export function withDerivedFields(r: FiscalRecord): FiscalRecord {
  if (r.issueDate !== undefined && r.docClass !== undefined) return r;
  return { ...r, issueDate: r.issueDate ?? r.accountingDate, docClass: derivedDocClass(r) };
}

/** Reports whose external sales are picked by `doc_type`: a sale without it is in none of them. */
const SALES_BY_TYPE: ReadonlySet<ReportType> = new Set(['f07_anexo1', 'f07_anexo2', 'libro_ventas_contribuyentes', 'libro_ventas_consumidor']);

/** One warning per external sale of the period that a sales report leaves out for lack of `doc_type`. */
export function untypedSaleWarnings(type: ReportType, input: ReportInput): ReportWarning[] {
  if (!SALES_BY_TYPE.has(type)) return [];
  return input.records
    .filter((lr) => lr.resource === 'external-sales' && lr.period === input.period && !lr.record.excludeFromBooks && lr.record.docType === undefined)
    .map((lr) => warn(WarningCode.missingDocType, `La venta ${lr.record.externalId} no indica el tipo de documento (doc_type): no se incluye en este reporte.`, lr.id));
}

/** A record included in a report without its type or its number: the cell stays empty, and the report says so. */
export function missingFieldWarnings(lr: LedgerRecord, number: string, out: ReportWarning[]): void {
  const r = lr.record;
  if (r.docType === undefined) {
    out.push(warn(WarningCode.missingDocType, `El registro ${r.externalId} no indica el tipo de documento (doc_type); la columna de tipo queda vacía.`, lr.id));
  }
  if (number === '') {
    const what = r.docClass === '4' ? 'el código de generación' : 'el número del documento (attributes.document_number)';
    out.push(warn(WarningCode.missingDocumentNumber, `El registro ${r.externalId} no indica ${what}; la columna de número queda vacía.`, lr.id));
  }
}
