/**
 * F-07 annex 3 — Detalle de compras (21 columns, one line per document) [F-07 doc §3.3]. Source:
 * purchases records except tipo 14 (annex 5). Amounts by the decisions.md keys; O = G+…+M (crédito
 * fiscal excluded, as MH defines it); NC positive with C = 05. Q–T `0` before 02/2024.
 */
import { CentsTotals } from './cents.math';
import { ANEXO5_RECORD_DOC_TYPES } from './f07-anexo5.generator';
import type { LedgerRecord } from './ledger.types';
import { selectRecords } from './ledger.selector';
import { mhDate } from './period.helpers';
import { checkPurchaseWindow, classificationCells } from './purchase-row.helpers';
import { recordCents, recordDate, recordIdentity, recordIdSlots, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat } from './sale-row.helpers';
import { sanitizeText } from './identifier-format.helpers';

export const ANEXO3_COLUMNS = columnsOf([
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_class', 'Clase de documento', 'code'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['document_number', 'Número de documento', 'text'],
  ['supplier_nit_nrc', 'NIT o NRC del proveedor', 'code'],
  ['supplier_name', 'Nombre del proveedor', 'text'],
  ['exempt_internal', 'Compras internas exentas y/o no sujetas', 'amount'],
  ['exempt_internment', 'Internaciones exentas y/o no sujetas', 'amount'],
  ['exempt_import', 'Importaciones exentas y/o no sujetas', 'amount'],
  ['taxed_internal', 'Compras internas gravadas', 'amount'],
  ['taxed_internment_goods', 'Internaciones gravadas de bienes', 'amount'],
  ['taxed_import_goods', 'Importaciones gravadas de bienes', 'amount'],
  ['taxed_import_services', 'Importaciones gravadas de servicios', 'amount'],
  ['vat_credit', 'Crédito fiscal', 'amount'],
  ['total_purchases', 'Total de compras', 'amount'],
  ['supplier_dui', 'DUI del proveedor', 'code'],
  ['operation_type', 'Tipo de operación', 'code'],
  ['classification', 'Clasificación', 'code'],
  ['sector', 'Sector', 'code'],
  ['cost_type', 'Tipo de costo / gasto', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

/** The annex 3 amount keys G..M, as in the record (decisions.md). */
export const PURCHASE_BASE_KEYS = ['exempt_internal', 'exempt_internment', 'exempt_import', 'taxed_internal', 'taxed_internment_goods', 'taxed_import_goods', 'taxed_import_services'] as const;
const TAXED_KEYS = ['taxed_internal', 'taxed_internment_goods', 'taxed_import_goods', 'taxed_import_services'] as const;

export function isAnnex3Purchase(lr: LedgerRecord): boolean {
  return !ANEXO5_RECORD_DOC_TYPES.has(lr.record.docType ?? '');
}

export function generateAnexo3(input: ReportInput, _params: ReportParams<'f07_anexo3'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO3_COLUMNS));
  const rows: string[][] = [];
  for (const lr of selectRecords(input.records, input.period, 'purchases', isAnnex3Purchase)) {
    const r = lr.record;
    const slots = recordIdSlots(lr, true);
    recordIdentityWarnings(lr, slots, warnings);
    checkPurchaseWindow(lr, input.period, warnings);
    let base = 0;
    const cells = PURCHASE_BASE_KEYS.map((k) => {
      const c = recordCents(lr, k);
      base += c;
      return totals.cell(k, c);
    });
    const taxed = TAXED_KEYS.reduce((s, k) => s + recordCents(lr, k), 0);
    const vat = recordCents(lr, 'vat_credit');
    checkNetVat(taxed, vat, `La compra ${r.externalId}`, lr.id, warnings);
    rows.push([
      mhDate(recordDate(lr)), r.docClass ?? '', r.docType ?? '', recordIdentity(lr).number, slots.nitOrNrc, sanitizeText(r.counterpart?.name),
      ...cells, totals.cell('vat_credit', vat), totals.cell('total_purchases', base), slots.dui,
      ...classificationCells(lr, input.period, warnings), '3',
    ]);
  }
  return { columns: ANEXO3_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
