/** Lines of the withholding/perception annexes (7, 8, 10, 12) built from records. */
import { CentsTotals, differsBeyond, formatCents, scaleCents, type Cents } from './cents.math';
import type { LedgerRecord } from './ledger.types';
import { mhDate } from './period.helpers';
import { recordCents, recordDate, recordIdentity, recordIdSlots, recordIdentityWarnings } from './record-row.helpers';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';
import { checkRecordDateInPeriod } from './sale-row.helpers';

/** The amount must be `percent` % of the base within ±0.01. */
export function checkRate(base: Cents, amount: Cents, percent: number, label: string, documentId: string, warnings: ReportWarning[]): void {
  const expected = scaleCents(base, percent, 100);
  if (differsBeyond(amount, expected)) {
    warnings.push(warn(WarningCode.rateMismatch, `${label}: ${formatCents(amount)} no es el ${percent} % de ${formatCents(base)} (${formatCents(expected)} ± 0.01).`, documentId));
  }
}

export interface RecordLineLayout {
  /** Cells between the date and the amounts, from the record's identity. */
  ids: (id: ReturnType<typeof recordIdentity>, lr: LedgerRecord) => string[];
  amountKey: string;
  percent: number;
  annex: string;
}

/** `NIT · fecha · tipo · <ids> · monto sujeto · monto · DUI · anexo` (A is a NIT only: no NRC). */
export function recordLine(lr: LedgerRecord, period: string, layout: RecordLineLayout, totals: CentsTotals, warnings: ReportWarning[]): string[] {
  const r = lr.record;
  const slots = recordIdSlots(lr, false);
  recordIdentityWarnings(lr, slots, warnings);
  checkRecordDateInPeriod(lr, period, warnings);
  const base = recordCents(lr, 'subject_amount');
  const amount = recordCents(lr, layout.amountKey);
  checkRate(base, amount, layout.percent, `El registro ${r.externalId}`, lr.id, warnings);
  return [
    slots.nitOrNrc, mhDate(recordDate(lr)), r.docType ?? '', ...layout.ids(recordIdentity(lr), lr),
    totals.cell('subject_amount', base), totals.cell(layout.amountKey, amount), slots.dui, layout.annex,
  ];
}
