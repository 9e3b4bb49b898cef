/**
 * F-07 annex 5 — Compras a sujetos excluidos, casilla 66 (13 columns) [F-07 doc §3.5]. Sources:
 * issued FSE (14; excluded-subject.rows.ts) and purchases records of tipo 14 that no issued FSE
 * replaces. A: 1 NIT (14 digits), 2 DUI (also a 9-digit NIT), 3 other document
 * (`attributes.other_id_number`). E = seal, F = generation code without hyphens (§9 C4); printed
 * documents: series and number. I–L `0` before 02/2024.
 */
import { CentsTotals } from './cents.math';
import { sanitizeText, stripHyphens } from './identifier-format.helpers';
import type { LedgerRecord } from './ledger.types';
import { selectRecords } from './ledger.selector';
import { mhDate } from './period.helpers';
import { classificationCells } from './purchase-row.helpers';
import { recordCents, recordDate, recordIdentity, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat, checkRecordDateInPeriod, sortedRows } from './sale-row.helpers';
import { dteFacts, textOf } from './dte-facts.reader';
import { isSuperseded, supersededRecordOf } from './issued-supersedes.rules';
import { sealWarnings } from './ledger.selector';
import { excludedSubjectWithheld, issuedClassificationCells, issuedExcludedSubjectPurchases } from './excluded-subject.rows';
import { WarningCode, warn } from './report-warning.catalog';

/** Types of the purchase records this annex reports (14, sujeto excluido); the others go to annex 3 — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO5_RECORD_DOC_TYPES: ReadonlySet<string> = new Set(['14']);

export const ANEXO5_COLUMNS = columnsOf([
  ['id_type', 'Tipo de documento (identificación)', 'code'],
  ['id_number', 'Número de NIT, DUI u otro documento', 'code'],
  ['seller_name', 'Nombre, razón social o denominación', 'text'],
  ['issue_date', 'Fecha de emisión del documento', 'date'],
  ['series', 'Número de serie del documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['operation_amount', 'Monto de la operación', 'amount'],
  ['vat_withheld', 'Monto de la retención IVA 13 %', 'amount'],
  ['operation_type', 'Tipo de operación', 'code'],
  ['classification', 'Clasificación', 'code'],
  ['sector', 'Sector', 'code'],
  ['cost_type', 'Tipo de costo / gasto', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

/** 1 NIT, 2 DUI, 3 other — and the number without hyphens. */
export function excludedSubjectId(lr: LedgerRecord): [string, string] {
  const c = lr.record.counterpart;
  const nit = c?.nit ? stripHyphens(c.nit) : '';
  if (c?.dui) return ['2', stripHyphens(c.dui)];
  if (nit.length === 9) return ['2', nit];
  if (nit.length === 14) return ['1', nit];
  const other = lr.record.attributes.other_id_number;
  return other ? ['3', other.toUpperCase()] : ['', ''];
}

export function generateAnexo5(input: ReportInput, params: ReportParams<'f07_anexo5'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO5_COLUMNS));
  const entries: { key: string; row: string[] }[] = [];
  for (const doc of issuedExcludedSubjectPurchases(input, params.voids, warnings)) {
    const f = dteFacts(doc);
    const x = f.typeFacts.excludedSubject!;
    const t = textOf(f);
    sealWarnings(doc, warnings);
    if (!x.idType) warnings.push(warn(WarningCode.missingCounterpartId, `La factura de sujeto excluido ${f.controlNumber} no identifica al sujeto excluido.`, doc.id));
    const withheld = excludedSubjectWithheld(input, doc);
    if (withheld !== 0) checkNetVat(x.amount, withheld, `La factura de sujeto excluido ${f.controlNumber} (retención 13 %)`, doc.id, warnings);
    const record = supersededRecordOf(doc, input.records, 'purchases');
    entries.push({
      key: f.sortKey,
      row: [x.idType, x.idNumber, sanitizeText(x.name), t.date, doc.seal ?? '', t.code,
        totals.cell('operation_amount', x.amount), totals.cell('vat_withheld', withheld),
        ...issuedClassificationCells(doc, record, input.period, warnings), '5'],
    });
  }
  const keep = (x: LedgerRecord) => ANEXO5_RECORD_DOC_TYPES.has(x.record.docType ?? '') && !isSuperseded(x, input.documents, warnings);
  for (const lr of selectRecords(input.records, input.period, 'purchases', keep)) {
    const r = lr.record;
    const [idType, idNumber] = excludedSubjectId(lr);
    recordIdentityWarnings(lr, null, warnings);
    if (!idType) warnings.push(warn(WarningCode.missingCounterpartId, `La compra ${r.externalId} no identifica al sujeto excluido.`, lr.id));
    checkRecordDateInPeriod(lr, input.period, warnings);
    const amount = recordCents(lr, 'operation_amount');
    const withheld = recordCents(lr, 'vat_withheld');
    if (withheld !== 0) checkNetVat(amount, withheld, `La compra ${r.externalId} (retención 13 %)`, lr.id, warnings);
    const id = recordIdentity(lr);
    entries.push({
      key: `${recordDate(lr)}T~|${r.externalId}`,
      row: [
        idType, idNumber, sanitizeText(r.counterpart?.name), mhDate(recordDate(lr)), id.series, id.number,
        totals.cell('operation_amount', amount), totals.cell('vat_withheld', withheld),
        ...classificationCells(lr, input.period, warnings), '5',
      ],
    });
  }
  return { columns: ANEXO5_COLUMNS, rows: sortedRows(entries), totals: totals.toStrings(), warnings };
}
