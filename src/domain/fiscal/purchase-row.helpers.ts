/** Cells shared by the purchase annexes (3, 5) and the purchase book. */
import { PURCHASE_CLASSIFICATION_FROM } from './income-codes.rules';
import type { LedgerRecord } from './ledger.types';
import { periodDistance } from './period.helpers';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';

/** Q–T (annex 3) or I–L (annex 5): `0` before 02/2024; else the quartet, or empty with a warning. */
export function classificationCells(lr: LedgerRecord, period: string, warnings: ReportWarning[]): string[] {
  if (period < PURCHASE_CLASSIFICATION_FROM) return ['0', '0', '0', '0'];
  const a = lr.record.attributes;
  if (a.operation_type && a.classification && a.sector && a.cost_type) return [a.operation_type, a.classification, a.sector, a.cost_type];
  warnings.push(warn(WarningCode.purchaseWithoutClassification, `La compra ${lr.record.externalId} no tiene tipo de operación, clasificación, sector y tipo de costo/gasto, obligatorios desde 02/2024.`, lr.id));
  return ['', '', '', ''];
}

/** Purchases may be declared up to 3 periods after their issue (Ley IVA art. 63). */
export function checkPurchaseWindow(lr: LedgerRecord, period: string, warnings: ReportWarning[]): void {
  const date = lr.record.issueDate;
  if (!date) return;
  const months = periodDistance(date.slice(0, 7), period);
  if (months > 3) {
    warnings.push(warn(WarningCode.purchaseOutsideWindow, `La compra ${lr.record.externalId} es del ${date}: el MH admite documentos de los 3 períodos anteriores (Ley IVA art. 63).`, lr.id));
  }
}
