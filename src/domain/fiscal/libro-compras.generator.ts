/**
 * Libro de compras (RCT art. 86; F-07 doc §6.2): one line per purchase record (annex 3 types and
 * purchases from sujetos excluidos) and per issued FSE (14: "documento de sujeto excluido", same
 * selection as annex 5; a purchases record the FSE replaces is left out), correlative, issue-date order. Amount columns use annex 3's
 * keys so the book reconciles with the annex; "Total compras" = G..M (without crédito fiscal, as
 * annex 3 O) or the operation amount for a sujeto excluido; retention to third parties and
 * purchases from sujetos excluidos in their own columns (k, l). Credit notes subtract by default.
 */
import { CentsTotals } from './cents.math';
import { compactCode, hyphenatedCode, mhNrc, sanitizeText } from './identifier-format.helpers';
import { selectRecords } from './ledger.selector';
import { mhDate } from './period.helpers';
import { excludedSubjectId } from './f07-anexo5.generator';
import { PURCHASE_BASE_KEYS } from './f07-anexo3.generator';
import { recordCents, recordDate, recordIdentity, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat, sortedRows } from './sale-row.helpers';
import { dteFacts } from './dte-facts.reader';
import { excludedSubjectWithheld, issuedExcludedSubjectPurchases } from './excluded-subject.rows';
import { isSuperseded } from './issued-supersedes.rules';
import { sealWarnings } from './ledger.selector';
import type { LedgerRecord } from './ledger.types';

export const LIBRO_COMPRAS_COLUMNS = columnsOf([
  ['correlative', 'N°', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['document_number', 'Número de documento', 'text'],
  ['supplier_nrc', 'NRC del proveedor', 'code'],
  ['supplier_nit_dui', 'NIT / DUI del sujeto excluido', 'code'],
  ['supplier_name', 'Nombre del proveedor', 'text'],
  ['exempt_internal', 'Compras exentas internas', 'amount'],
  ['exempt_internment', 'Internaciones exentas', 'amount'],
  ['exempt_import', 'Importaciones exentas', 'amount'],
  ['taxed_internal', 'Compras gravadas internas', 'amount'],
  ['taxed_internment_goods', 'Internaciones gravadas de bienes', 'amount'],
  ['taxed_import_goods', 'Importaciones gravadas de bienes', 'amount'],
  ['taxed_import_services', 'Importaciones gravadas de servicios', 'amount'],
  ['vat_credit', 'Crédito fiscal', 'amount'],
  ['total_purchases', 'Total compras', 'amount'],
  ['vat_withheld', 'Retención a terceros', 'amount'],
  ['excluded_subject_purchases', 'Compras a sujetos excluidos', 'amount'],
], false);

const TAXED_KEYS = ['taxed_internal', 'taxed_internment_goods', 'taxed_import_goods', 'taxed_import_services'] as const;

export function generateLibroCompras(input: ReportInput, params: ReportParams<'libro_compras'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(LIBRO_COMPRAS_COLUMNS));
  const code = params.codes === 'hyphenated' ? hyphenatedCode : compactCode;
  const entries: { key: string; row: string[] }[] = [];
  for (const doc of issuedExcludedSubjectPurchases(input, 'void_date', warnings)) {
    const f = dteFacts(doc);
    const x = f.typeFacts.excludedSubject!;
    sealWarnings(doc, warnings);
    const zeros = PURCHASE_BASE_KEYS.map((k) => totals.cell(k, 0));
    entries.push({
      key: `${f.issuedOn}|${f.sortKey}`,
      row: [mhDate(f.issuedOn), f.type, code(f.generationCode), '', x.idNumber, sanitizeText(x.name),
        ...zeros, totals.cell('vat_credit', 0), totals.cell('total_purchases', x.amount),
        totals.cell('vat_withheld', excludedSubjectWithheld(input, doc)), totals.cell('excluded_subject_purchases', x.amount)],
    });
  }
  const keep = (lr: LedgerRecord) => !isSuperseded(lr, input.documents);
  for (const lr of selectRecords(input.records, input.period, 'purchases', keep)) {
    const r = lr.record;
    const sign = r.docType === '05' && params.notes === 'negative' ? -1 : 1;
    const excluded = r.docType === '14';
    recordIdentityWarnings(lr, null, warnings);
    let base = 0;
    const cells = PURCHASE_BASE_KEYS.map((k) => {
      const c = sign * recordCents(lr, k);
      base += c;
      return totals.cell(k, c);
    });
    const vat = sign * recordCents(lr, 'vat_credit');
    if (!excluded) {
      const taxed = TAXED_KEYS.reduce((s, k) => s + recordCents(lr, k), 0);
      checkNetVat(taxed, recordCents(lr, 'vat_credit'), `La compra ${r.externalId}`, lr.id, warnings);
    }
    const excludedAmount = excluded ? recordCents(lr, 'operation_amount') : 0;
    const number = r.docClass === '4' ? code(r.generationCode ?? '') : recordIdentity(lr).number;
    entries.push({
      key: `${recordDate(lr)}|~${r.externalId}`,
      row: [
        mhDate(recordDate(lr)), r.docType ?? '', number,
        !excluded && r.counterpart?.nrc ? mhNrc(r.counterpart.nrc) : '', excluded ? excludedSubjectId(lr)[1] : '', sanitizeText(r.counterpart?.name),
        ...cells, totals.cell('vat_credit', vat), totals.cell('total_purchases', base + excludedAmount),
        totals.cell('vat_withheld', sign * recordCents(lr, 'vat_withheld')), totals.cell('excluded_subject_purchases', excludedAmount),
      ],
    });
  }
  const rows = sortedRows(entries).map((row, i) => [String(i + 1), ...row]);
  return { columns: LIBRO_COMPRAS_COLUMNS, rows, totals: totals.toStrings(), warnings };
}
