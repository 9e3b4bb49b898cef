/**
 * F-07 annex 7 — Retención IVA 1 % efectuada al declarante, casilla 162 (9 columns) [F-07 doc §3.7].
 * Source: withholdings-received records with kind retention_1 (tipos 05, 06, 07).
 */
import { CentsTotals } from './cents.math';
import { selectRecords } from './ledger.selector';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { recordLine } from './withholding-row.helpers';

/** `attributes.kind` of the withholdings-received records this annex reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO7_RECORD_KINDS: ReadonlySet<string> = new Set(['retention_1']);

export const ANEXO7_COLUMNS = columnsOf([
  ['agent_nit', 'NIT del agente', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['series', 'Serie de documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['subject_amount', 'Monto sujeto', 'amount'],
  ['withheld_amount', 'Monto de la retención IVA 1 %', 'amount'],
  ['agent_dui', 'DUI del agente', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

export function generateAnexo7(input: ReportInput, _params: ReportParams<'f07_anexo7'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO7_COLUMNS));
  const rows = selectRecords(input.records, input.period, 'withholdings-received', (x) => ANEXO7_RECORD_KINDS.has(x.record.attributes.kind ?? ''))
    .map((lr) => recordLine(lr, input.period, { ids: (id) => [id.series, id.number], amountKey: 'withheld_amount', percent: 1, annex: '7' }, totals, warnings));
  return { columns: ANEXO7_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
