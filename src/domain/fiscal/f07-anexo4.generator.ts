/**
 * F-07 annex 4 — Ventas gravadas por cuenta de terceros domiciliados, casilla 108 (15 columns)
 * [F-07 doc §3.4, §4.1]: one line per `cuerpoDocumento` line of each Comprobante de Liquidación (08)
 * the service issued in the period (ADR 0036, "Annex 4 from issued CLs"):
 *   A NIT or NRC of the mandante (the CL's receiver; empty when N has the DUI), B its name,
 *   C–G the sale document settled: date, type, seal (E) and control number (F) when it is a DTE this
 *   emitter issued, generation code without hyphens (G; a paper document's number, uppercase, no
 *   hyphens), H taxed sales + exports without IVA (MH: "sin IVA", as the CL line already is), I the
 *   line's IVA, J–M the CL: seal, control number, generation code, date; N DUI of the mandante; O `4`.
 * Same status rules as every issued type (ledger.selector.ts): counted once whatever its seal state,
 * `voids` for invalidations — a CL invalidated in its period is only in anulados; one invalidated
 * later stays in its issue period with a `late_void` warning (no negatives in this annex). Lines MH's
 * CL manual writes negative (an invalidated sale document), exempt and non-subject amounts (not
 * "ventas gravadas") and CLs to a non-domiciled principal (CAT-032 `2`) are not reported, each named
 * in a `settlement_not_reported` warning.
 */
import { CentsTotals, formatCents } from './cents.math';
import { dteFacts, textOf, type DteFacts } from './dte-facts.reader';
import { compactCode, compactControlNumber, idSlots, sanitizeText, stripHyphens } from './identifier-format.helpers';
import type { LedgerDocument } from './ledger.types';
import { sealWarnings, selectSales } from './ledger.selector';
import { mhDate } from './period.helpers';
import type { ReportParams } from './report-params.schema';
import { WarningCode, warn } from './report-warning.catalog';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat, sortedRows } from './sale-row.helpers';
import { CL_TYPES, ownSaleDocuments } from './settled-documents.rules';
import type { SettlementLine } from './settlement-facts.reader';

export const ANEXO4_COLUMNS = columnsOf([
  ['principal_nit', 'NIT o NRC del mandante', 'code'],
  ['principal_name', 'Nombre, razón social o denominación del mandante', 'text'],
  ['issue_date', 'Fecha de emisión del documento', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['series', 'Número de serie del documento', 'text'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['operation_amount', 'Monto de la operación', 'amount'],
  ['vat', 'IVA de la operación', 'amount'],
  ['settlement_series', 'Número de serie del comprobante de liquidación', 'text'],
  ['settlement_resolution', 'Número de resolución del comprobante de liquidación', 'text'],
  ['settlement_number', 'Número del comprobante de liquidación', 'text'],
  ['settlement_date', 'Fecha de emisión del comprobante de liquidación', 'date'],
  ['principal_dui', 'DUI del mandante', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

/** E, F, G of the settled document: our own DTE's seal and control number when we issued it. */
function saleIds(line: SettlementLine, own: ReadonlyMap<string, LedgerDocument>, label: string, clId: string, warnings: ReportWarning[]): [string, string, string] {
  if (line.generationType !== '2') {
    warnings.push(warn(WarningCode.settledDocumentNotFound, `${label} liquida el documento impreso ${line.number}: el comprobante de liquidación no trae su serie ni su número de resolución (columnas E y F vacías).`, clId));
    return ['', '', sanitizeText(stripHyphens(line.number).toUpperCase())];
  }
  const code = compactCode(line.number);
  const doc = own.get(code);
  if (!doc) {
    warnings.push(warn(WarningCode.settledDocumentNotFound, `${label} liquida el DTE ${line.number}, que no es un documento emitido por este emisor en este ambiente: su sello y su número de control (columnas E y F) quedan vacíos.`, clId));
    return ['', '', code];
  }
  return [doc.seal ?? '', compactControlNumber(dteFacts(doc).controlNumber), code];
}

function lineLabel(f: DteFacts, line: SettlementLine): string {
  return `La línea ${line.item} del comprobante de liquidación ${f.controlNumber}`;
}

/** Why a line (or part of it) is not in the annex; null when it is reported whole. */
function notReported(line: SettlementLine, label: string): string | null {
  if (line.taxed < 0 || line.exports < 0 || line.vat < 0 || line.exempt < 0 || line.nonSubject < 0) {
    return `${label} tiene valores negativos (documento invalidado): el anexo 4 no admite negativos; la invalidación va en el anexo de anulados de quien emitió el documento.`;
  }
  if (line.exempt !== 0 || line.nonSubject !== 0) {
    return `${label} tiene ventas exentas ${formatCents(line.exempt)} y no sujetas ${formatCents(line.nonSubject)}, que no son ventas gravadas: no van en el anexo 4.`;
  }
  return null;
}

export function generateAnexo4(input: ReportInput, params: ReportParams<'f07_anexo4'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO4_COLUMNS));
  const entries: { key: string; row: string[] }[] = [];
  const { active, lateVoids } = selectSales(input.documents, input.period, CL_TYPES, params.voids, warnings);
  const own = active.length > 0 ? ownSaleDocuments(input.documents) : new Map<string, LedgerDocument>();
  for (const doc of active) {
    const f = dteFacts(doc);
    const s = f.typeFacts.settlement!;
    const t = textOf(f);
    if (!s.domiciled) {
      warnings.push(warn(WarningCode.settlementNotReported, `El comprobante de liquidación ${f.controlNumber} es para un mandante no domiciliado: el anexo 4 es de terceros domiciliados; esas ventas van en las columnas de terceros no domiciliados de los anexos 1 y 2.`, doc.id));
      continue;
    }
    sealWarnings(doc, warnings);
    const slots = idSlots(f.receiver, true);
    if (!slots.nitOrNrc && !slots.dui) warnings.push(warn(WarningCode.missingCounterpartId, `El comprobante de liquidación ${f.controlNumber} no identifica al mandante con NIT, NRC ni DUI.`, doc.id));
    for (const line of s.lines) {
      const label = lineLabel(f, line);
      const why = notReported(line, label);
      if (why) warnings.push(warn(WarningCode.settlementNotReported, why, doc.id));
      const amount = line.taxed + line.exports;
      if (line.taxed < 0 || line.exports < 0 || line.vat < 0 || (amount === 0 && line.vat === 0)) continue;
      if (line.taxed !== 0 || line.vat !== 0) checkNetVat(line.taxed, line.vat, label, doc.id, warnings);
      if (line.issuedOn.slice(0, 7) !== input.period) {
        warnings.push(warn(WarningCode.issueDateOutsidePeriod, `${label} liquida un documento del ${line.issuedOn}, fuera del período ${input.period}; el MH exige fechas del período.`, doc.id));
      }
      entries.push({
        key: `${f.sortKey}|${String(line.item).padStart(3, '0')}`,
        row: [slots.nitOrNrc, sanitizeText(f.receiver.name), mhDate(line.issuedOn), line.type, ...saleIds(line, own, label, doc.id, warnings),
          totals.cell('operation_amount', amount), totals.cell('vat', line.vat),
          doc.seal ?? '', t.control, t.code, t.date, slots.dui, '4'],
      });
    }
  }
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    warnings.push(warn(WarningCode.lateVoid, `El comprobante de liquidación ${f.controlNumber} del ${f.issuedOn} se invalidó en este período; el anexo 4 no admite valores negativos: sigue en el anexo de su período y el ajuste requiere una declaración modificatoria de ese período. Aparece en el anexo de anulados.`, doc.id));
  }
  return { columns: ANEXO4_COLUMNS, rows: sortedRows(entries), totals: totals.toStrings(), warnings };
}
