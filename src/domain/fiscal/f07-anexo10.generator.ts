/**
 * F-07 annex 10 — Retención 1 % IVA a terceros domiciliados efectuada por el declarante, casilla 170
 * (10 columns) [F-07 doc §3.10]. Sources: issued CRs (07), items with code 22, then withholdings-made
 * records with kind retention_1 that no issued CR replaces (issued-withholding.rows.ts).
 */
import { CentsTotals } from './cents.math';
import { withholdingMadeEntries, type WithholdingAnnex } from './issued-withholding.rows';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { sortedRows } from './sale-row.helpers';

/** `attributes.kind` of the withholdings-made records this annex reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO10_RECORD_KINDS: ReadonlySet<string> = new Set(['retention_1']);

export const ANEXO10_COLUMNS = columnsOf([
  ['subject_nit', 'NIT del sujeto', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['series', 'Serie de documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['subject_amount', 'Monto sujeto', 'amount'],
  ['withheld_amount', 'Monto de la retención 1 %', 'amount'],
  ['subject_dui', 'DUI del sujeto', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

export function generateAnexo10(input: ReportInput, params: ReportParams<'f07_anexo10'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO10_COLUMNS));
  const annex: WithholdingAnnex = { code: '22', kinds: ANEXO10_RECORD_KINDS, ids: (resolution, series, number) => [resolution, series, number], percent: 1, annex: '10' };
  const rows = sortedRows(withholdingMadeEntries(input, params.voids, annex, totals, warnings));
  return { columns: ANEXO10_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
