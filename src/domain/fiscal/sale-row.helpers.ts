/** Cells shared by the sales annexes (1, 2, 9) and books: income codes, IVA checks, sort keys. */
import { differsBeyond, formatCents, vat13, vatInsideGross, type Cents } from './cents.math';
import { dteFacts } from './dte-facts.reader';
import { describeIncomeCodes } from './income-codes.inference';
import { SALE_INCOME_CODES_FROM } from './income-codes.rules';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';

/** Income codes of a row; `inferred` when they were deduced from a document without the tag. */
export interface RowIncomeCodes { operationType?: string; incomeType?: string; inferred?: boolean }

/** What a document without `income_codes` gets (report param `income`). */
export type IncomeCodesFallback = 'infer' | 'blank';

/**
 * R/S (annex 1) or U/V (annex 2): `0` before 01/2025; else the codes, or empty with a warning.
 * Inferred codes are written with an `inferred_income_codes` warning asking to confirm them with
 * `PATCH /v1/documents/{id}/fiscal`.
 */
export function incomeCodeCells(
  period: string,
  codes: RowIncomeCodes | null | undefined,
  label: string,
  documentId: string,
  warnings: ReportWarning[],
): [string, string] {
  if (period < SALE_INCOME_CODES_FROM) return ['0', '0'];
  if (codes?.operationType && codes.incomeType) {
    if (codes.inferred) {
      warnings.push(warn(WarningCode.inferredIncomeCodes, `${label} no tiene tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025: se usaron los deducidos de sus montos e ítems, ${describeIncomeCodes({ operationType: codes.operationType, incomeType: codes.incomeType })}. Confírmelos o corríjalos etiquetando el documento con PATCH /v1/documents/${documentId}/fiscal.`, documentId));
    }
    return [codes.operationType, codes.incomeType];
  }
  warnings.push(warn(WarningCode.missingIncomeCodes, `${label} no tiene tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025.`, documentId));
  return ['', ''];
}

/** The document's tagged codes; without a tag, the inferred ones (`infer`) or none (`blank`). */
export function docIncomeCodes(doc: LedgerDocument, fallback: IncomeCodesFallback): RowIncomeCodes | null {
  const tagged = doc.fiscalTags.incomeCodes;
  if (tagged?.operationType && tagged.incomeType) return tagged;
  if (fallback === 'infer') {
    const inferred = dteFacts(doc).inferredIncomeCodes;
    if (inferred) return { ...inferred, inferred: true };
  }
  return tagged ?? null;
}

export function recordIncomeCodes(lr: LedgerRecord): { operationType?: string; incomeType?: string } {
  return { operationType: lr.record.attributes.operation_type, incomeType: lr.record.attributes.income_type };
}

/** IVA of a net base must be 13 % of it within ±0.01. */
export function checkNetVat(net: Cents, vat: Cents, label: string, documentId: string, warnings: ReportWarning[]): void {
  const expected = vat13(net);
  if (differsBeyond(vat, expected)) {
    warnings.push(warn(WarningCode.ivaMismatch, `${label}: el IVA ${formatCents(vat)} no es el 13 % de ${formatCents(net)} (${formatCents(expected)} ± 0.01).`, documentId));
  }
}

/** IVA contained in an IVA-inclusive FE amount must be 13/113 of it within ±0.01. */
export function checkGrossVat(gross: Cents, vat: Cents, label: string, documentId: string, warnings: ReportWarning[]): void {
  const expected = vatInsideGross(gross);
  if (differsBeyond(vat, expected)) {
    warnings.push(warn(WarningCode.ivaMismatch, `${label}: el IVA incluido ${formatCents(vat)} no corresponde a ${formatCents(gross)} con IVA (${formatCents(expected)} ± 0.01).`, documentId));
  }
}

/** A record dated outside the period it is booked in (annexes whose date must fall in the period). */
export function checkRecordDateInPeriod(lr: LedgerRecord, period: string, warnings: ReportWarning[]): void {
  const date = lr.record.issueDate;
  if (date && date.slice(0, 7) !== period) {
    warnings.push(warn(WarningCode.issueDateOutsidePeriod, `El registro ${lr.record.externalId} tiene fecha de emisión ${date}, fuera del período ${period}; el MH exige fechas del período.`, lr.id));
  }
}

/** Rows sorted by a key (date + identifier), stable. */
export function sortedRows(entries: { key: string; row: string[] }[]): string[][] {
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return entries.map((e) => e.row);
}
