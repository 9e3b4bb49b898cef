/**
 * F-07 annexes 7 and 8 — the IVA 1 % another party withheld from or perceived on the declarant
 * (9 columns each) [F-07 doc §3.7, §3.8]. One generator: the two differ only by the record kind they
 * read, their amount column and their annex number.
 * - Annex 7, Retención IVA 1 % efectuada al declarante, casilla 162: withholdings-received records
 *   with kind retention_1 (tipos 05, 06, 07).
 * - Annex 8, Percepción IVA 1 % efectuada al declarante, casilla 163: withholdings-received records
 *   with kind perception_1 (tipos 03, 05, 06, 12).
 */
import { CentsTotals } from './cents.math';
import { selectRecords } from './ledger.selector';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportColumn, type ReportInput, type ReportWarning } from './report.types';
import { recordLine } from './withholding-row.helpers';

interface ReceivedAnnex {
  /** `attributes.kind` of the withholdings-received records it reports. */
  kinds: ReadonlySet<string>;
  /** Key and label of its amount column (G). */
  amount: readonly [key: string, label: string];
  annex: '7' | '8';
}

function receivedColumns(amount: ReceivedAnnex['amount']): ReportColumn[] {
  return columnsOf([
    ['agent_nit', 'NIT del agente', 'code'],
    ['issue_date', 'Fecha de emisión', 'date'],
    ['doc_type', 'Tipo de documento', 'code'],
    ['series', 'Serie de documento', 'text'],
    ['document_number', 'Número de documento', 'text'],
    ['subject_amount', 'Monto sujeto', 'amount'],
    [amount[0], amount[1], 'amount'],
    ['agent_dui', 'DUI del agente', 'code'],
    ['annex_number', 'Número de anexo', 'code'],
  ], true);
}

function generateReceived(input: ReportInput, a: ReceivedAnnex, columns: ReportColumn[]): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(columns));
  const rows = selectRecords(input.records, input.period, 'withholdings-received', (x) => a.kinds.has(x.record.attributes.kind ?? ''))
    .map((lr) => recordLine(lr, input.period, { ids: (id) => [id.series, id.number], amountKey: a.amount[0], percent: 1, annex: a.annex }, totals, warnings));
  return { columns, rows, totals: totals.toStrings(), warnings };
}

const ANEXO7: ReceivedAnnex = { kinds: new Set(['retention_1']), amount: ['withheld_amount', 'Monto de la retención IVA 1 %'], annex: '7' };
const ANEXO8: ReceivedAnnex = { kinds: new Set(['perception_1']), amount: ['perceived_amount', 'Monto de la percepción IVA 1 %'], annex: '8' };

/** `attributes.kind` of the withholdings-received records annex 7 reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO7_RECORD_KINDS: ReadonlySet<string> = ANEXO7.kinds;
/** `attributes.kind` of the withholdings-received records annex 8 reports — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO8_RECORD_KINDS: ReadonlySet<string> = ANEXO8.kinds;

export const ANEXO7_COLUMNS = receivedColumns(ANEXO7.amount);
export const ANEXO8_COLUMNS = receivedColumns(ANEXO8.amount);

export function generateAnexo7(input: ReportInput, _params: ReportParams<'f07_anexo7'>): FiscalReport {
  return generateReceived(input, ANEXO7, ANEXO7_COLUMNS);
}

export function generateAnexo8(input: ReportInput, _params: ReportParams<'f07_anexo8'>): FiscalReport {
  return generateReceived(input, ANEXO8, ANEXO8_COLUMNS);
}
