/**
 * F-07 annex 12 — Retención 13 % IVA a terceros domiciliados efectuada por el declarante, casilla 172
 * (10 columns) [F-07 doc §3.12]. Note MH's order: D = serie, E = resolución. Sources: issued CRs
 * (07), items with code C4, then withholdings-made records with kind retention_13 that no issued CR
 * replaces (issued-withholding.rows.ts).
 */
import { CentsTotals } from './cents.math';
import { withholdingMadeEntries, type WithholdingAnnex } from './issued-withholding.rows';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { sortedRows } from './sale-row.helpers';

/** `attributes.kind` of the withholdings-made records this annex reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO12_RECORD_KINDS: ReadonlySet<string> = new Set(['retention_13']);

export const ANEXO12_COLUMNS = columnsOf([
  ['subject_nit', 'NIT del sujeto', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['series', 'Serie de documento', 'text'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['subject_amount', 'Monto sujeto', 'amount'],
  ['withheld_amount', 'Monto de la retención 13 %', 'amount'],
  ['subject_dui', 'DUI del sujeto', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

export function generateAnexo12(input: ReportInput, params: ReportParams<'f07_anexo12'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO12_COLUMNS));
  const annex: WithholdingAnnex = { code: 'C4', kinds: ANEXO12_RECORD_KINDS, ids: (resolution, series, number) => [series, resolution, number], percent: 13, annex: '12' };
  const rows = sortedRows(withholdingMadeEntries(input, params.voids, annex, totals, warnings));
  return { columns: ANEXO12_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
