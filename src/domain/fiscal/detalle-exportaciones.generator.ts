/**
 * Detalle de exportaciones (RCT art. 84, annexed to the consumer book; F-07 doc §6.2, §8): one line
 * per issued FEX 11 of the period in issue order (fecEmi, horEmi, control number), with a) a
 * correlative, b) the invoice date, c) its generation code, d) the foreign customer (receiver name),
 * e) the customs declaration number when the FEX names one (customs-declaration.reader.ts; else empty
 * with `missing_customs_declaration`) and f) the export value. The value is the one the consumer
 * book's "exportaciones" column and annex 2 O–R carry: `totalGravada − descuGravada`, freight and
 * insurance out (§10 Q6), so the detail's monthly total equals that column for the issued FEX.
 * Same status rules as the consumer book: contingency, signed and sending count once (with their seal
 * warnings), an FEX voided in its own period is left out; with `voids` = void_date one voided in a
 * later period stays in its issue period and gives a negative line in the void period (RCT 87).
 */
import { CentsTotals } from './cents.math';
import { dteFacts } from './dte-facts.reader';
import { compactCode, hyphenatedCode, sanitizeText } from './identifier-format.helpers';
import { sealWarnings, selectSales } from './ledger.selector';
import { localDateOf, mhDate } from './period.helpers';
import type { ReportParams } from './report-params.schema';
import { WarningCode, warn } from './report-warning.catalog';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { sortedRows } from './sale-row.helpers';
import type { LedgerDocument } from './ledger.types';

export const DETALLE_EXPORTACIONES_COLUMNS = columnsOf([
  ['correlative', 'N°', 'code'],
  ['issue_date', 'Fecha de la factura', 'date'],
  ['invoice_number', 'Número de la factura (código de generación)', 'text'],
  ['customer_name', 'Nombre del cliente del exterior', 'text'],
  ['customs_declaration', 'Número de declaración de mercancías / formulario aduanero', 'text'],
  ['export_value', 'Valor de las exportaciones', 'amount'],
], false);

const FEX = new Set(['11']);

export function generateDetalleExportaciones(input: ReportInput, params: ReportParams<'detalle_exportaciones'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(DETALLE_EXPORTACIONES_COLUMNS));
  const code = params.codes === 'hyphenated' ? hyphenatedCode : compactCode;
  const { active, lateVoids } = selectSales(input.documents, input.period, FEX, params.voids, warnings);
  const entries: { key: string; row: string[] }[] = [];
  const line = (doc: LedgerDocument, date: string, sign: number) => {
    const f = dteFacts(doc);
    const declaration = f.typeFacts.exports?.customsDeclaration ?? '';
    return [mhDate(date), code(f.generationCode), sanitizeText(f.receiver.name), declaration, totals.cell('export_value', sign * f.taxed)];
  };
  for (const doc of active) {
    const f = dteFacts(doc);
    sealWarnings(doc, warnings);
    if (!f.typeFacts.exports?.customsDeclaration) {
      warnings.push(warn(WarningCode.missingCustomsDeclaration,
        `La factura de exportación ${f.controlNumber} no indica el número de declaración de mercancías o formulario aduanero (otros documentos asociados); la columna queda vacía.`, doc.id));
    }
    entries.push({ key: f.sortKey, row: line(doc, f.issuedOn, 1) });
  }
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    const date = doc.voidedAt ? localDateOf(doc.voidedAt) : f.issuedOn;
    entries.push({ key: `${date}|~${f.sortKey}`, row: line(doc, date, -1) });
  }
  return {
    columns: DETALLE_EXPORTACIONES_COLUMNS,
    rows: sortedRows(entries).map((row, i) => [String(i + 1), ...row]),
    totals: totals.toStrings(),
    warnings,
  };
}
