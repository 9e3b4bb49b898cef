/**
 * F-07 annex 8 — Percepción IVA 1 % efectuada al declarante, casilla 163 (9 columns) [F-07 doc §3.8].
 * Source: withholdings-received records with kind perception_1 (tipos 03, 05, 06, 12).
 */
import { CentsTotals } from './cents.math';
import { selectRecords } from './ledger.selector';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { recordLine } from './withholding-row.helpers';

/** `attributes.kind` of the withholdings-received records this annex reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO8_RECORD_KINDS: ReadonlySet<string> = new Set(['perception_1']);

export const ANEXO8_COLUMNS = columnsOf([
  ['agent_nit', 'NIT del agente', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['series', 'Serie de documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['subject_amount', 'Monto sujeto', 'amount'],
  ['perceived_amount', 'Monto de la percepción IVA 1 %', 'amount'],
  ['agent_dui', 'DUI del agente', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

export function generateAnexo8(input: ReportInput, _params: ReportParams<'f07_anexo8'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO8_COLUMNS));
  const rows = selectRecords(input.records, input.period, 'withholdings-received', (x) => ANEXO8_RECORD_KINDS.has(x.record.attributes.kind ?? ''))
    .map((lr) => recordLine(lr, input.period, { ids: (id) => [id.series, id.number], amountKey: 'perceived_amount', percent: 1, annex: '8' }, totals, warnings));
  return { columns: ANEXO8_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
