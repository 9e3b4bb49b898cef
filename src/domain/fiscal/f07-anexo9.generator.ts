/**
 * F-07 annex 9 — Percepción IVA 1 % efectuada por el declarante, casilla 169 (10 columns) [F-07 doc
 * §3.9]. Sources: issued CCF/NC/ND with `ivaPerci` > 0 (G = taxed base, H = ivaPerci) and
 * external-sales records with `vat_perceived` > 0 (G = `taxed`). Invalidated documents follow the
 * `voids` rule of annex 1.
 */
import { CentsTotals } from './cents.math';
import { dteFacts, textOf } from './dte-facts.reader';
import { idSlots } from './identifier-format.helpers';
import { sealWarnings, selectRecords, selectSales } from './ledger.selector';
import { mhDate } from './period.helpers';
import { recordCents, recordDate, recordIdentity, recordIdSlots, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkRecordDateInPeriod, sortedRows } from './sale-row.helpers';
import { checkRate } from './withholding-row.helpers';

export const ANEXO9_COLUMNS = columnsOf([
  ['subject_nit', 'NIT del sujeto', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['series', 'Serie de documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['subject_amount', 'Monto sujeto', 'amount'],
  ['perceived_amount', 'Monto de la percepción 1 %', 'amount'],
  ['subject_dui', 'DUI del sujeto', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

const TYPES = new Set(['03', '05', '06']);

export function generateAnexo9(input: ReportInput, params: ReportParams<'f07_anexo9'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO9_COLUMNS));
  const entries: { key: string; row: string[] }[] = [];
  const ignored: ReportWarning[] = [];
  for (const doc of selectSales(input.documents, input.period, TYPES, params.voids, ignored).active) {
    const f = dteFacts(doc);
    const t = textOf(f);
    if (f.perceived <= 0) continue;
    sealWarnings(doc, warnings);
    checkRate(f.taxed, f.perceived, 1, `El documento ${f.controlNumber}`, doc.id, warnings);
    const slots = idSlots({ nit: f.receiver.nit, dui: f.receiver.dui }, false);
    entries.push({
      key: f.sortKey,
      row: [slots.nitOrNrc, t.date, f.type, t.control, doc.seal ?? '', t.code,
        totals.cell('subject_amount', f.taxed), totals.cell('perceived_amount', f.perceived), slots.dui, '9'],
    });
  }
  for (const lr of selectRecords(input.records, input.period, 'external-sales', (x) => TYPES.has(x.record.docType ?? '') && recordCents(x, 'vat_perceived') > 0)) {
    const slots = recordIdSlots(lr, false);
    recordIdentityWarnings(lr, slots, warnings);
    checkRecordDateInPeriod(lr, input.period, warnings);
    const base = recordCents(lr, 'taxed');
    const perceived = recordCents(lr, 'vat_perceived');
    checkRate(base, perceived, 1, `El registro ${lr.record.externalId}`, lr.id, warnings);
    const id = recordIdentity(lr);
    entries.push({
      key: `${recordDate(lr)}T~|${lr.record.externalId}`,
      row: [slots.nitOrNrc, mhDate(recordDate(lr)), lr.record.docType ?? '', id.resolution, id.series, id.number,
        totals.cell('subject_amount', base), totals.cell('perceived_amount', perceived), slots.dui, '9'],
    });
  }
  return { columns: ANEXO9_COLUMNS, rows: sortedRows(entries), totals: totals.toStrings(), warnings };
}
