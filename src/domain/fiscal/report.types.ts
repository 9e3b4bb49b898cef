/** Shape shared by every fiscal report (annexes and books). */
import type { LedgerDocument, LedgerRecord } from './ledger.types';

export type ColumnKind = 'text' | 'code' | 'date' | 'amount';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** MH's column letter in the annex (A, B, …); absent in books. */
  letter?: string;
}

export interface ReportWarning {
  code: string;
  message: string;
  /** Ledger id of the document or record concerned; null for the report as a whole. */
  documentId: string | null;
}

export interface FiscalReport {
  columns: ReportColumn[];
  /** Cells as text exactly as the CSV carries them (amounts: 2 decimals, dates DD/MM/AAAA). */
  rows: string[][];
  /** Sums of the amount columns (decimal strings), plus book summaries. */
  totals: Record<string, string>;
  warnings: ReportWarning[];
}

/**
 * A snapshot of the ledger for one period. Generators treat it as immutable (they memoise derived
 * data per documents array and per document), so build a new one when the ledger changes.
 */
export interface ReportInput {
  /** `YYYY-MM`. */
  period: string;
  /** Issued documents of the ledger (any period: the generators select by date and status). */
  documents: readonly LedgerDocument[];
  /** Fiscal records of the ledger (any period/resource: the generators select). */
  records: readonly LedgerRecord[];
}

/** Builds a column list from `[key, label, kind]` triples, lettering them A, B, … when `lettered`. */
export function columnsOf(specs: readonly (readonly [string, string, ColumnKind])[], lettered: boolean): ReportColumn[] {
  return specs.map(([key, label, kind], i) => (lettered ? { key, label, kind, letter: String.fromCharCode(65 + i) } : { key, label, kind }));
}

/** Keys of the amount columns (the ones totalled). */
export function amountKeys(columns: readonly ReportColumn[]): string[] {
  return columns.filter((c) => c.kind === 'amount').map((c) => c.key);
}
