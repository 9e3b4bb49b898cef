/**
 * F-07 annex 1 — Detalle de ventas a contribuyentes (20 columns, one line per CCF/NC/ND) [F-07 doc
 * §3.1, §4]. Sources: issued CCF 03 / NC 05 / ND 06 and external-sales records of those types. NC
 * amounts are positive (C = 05 identifies them; MH forbids negatives, §9 C6). P "Total ventas" is
 * J+K+L+N by default (`total` param, §9 C1). R/S: the document's `income_codes` tag; untagged documents
 * get codes inferred from their amounts and items (`income` param: infer | blank, from 01/2025). A
 * document on behalf of a third party (`ventaTercero`) moves its taxed amount and IVA to N/O. Documents invalidated in a later period stay in their
 * issue period (annex 1 has no negative lines): the void period gets a `late_void` warning.
 */
import { CentsTotals, type Cents } from './cents.math';
import { dteFacts, textOf } from './dte-facts.reader';
import { idSlots, sanitizeText } from './identifier-format.helpers';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { sealWarnings, selectRecords, selectSales } from './ledger.selector';
import { mhDate } from './period.helpers';
import { recordCents, recordDate, recordIdentity, recordIdSlots, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { WarningCode, warn } from './report-warning.catalog';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat, checkRecordDateInPeriod, docIncomeCodes, incomeCodeCells, recordIncomeCodes, sortedRows, type IncomeCodesFallback } from './sale-row.helpers';

export const ANEXO1_COLUMNS = columnsOf([
  ['issue_date', 'Fecha de emisión del documento', 'date'],
  ['doc_class', 'Clase de documento', 'code'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['series', 'Número de serie de documento', 'text'],
  ['document_number', 'Número de documento', 'text'],
  ['internal_control_number', 'Número de control interno', 'text'],
  ['customer_nit_nrc', 'NIT o NRC del cliente', 'code'],
  ['customer_name', 'Nombre, razón social o denominación', 'text'],
  ['exempt_sales', 'Ventas exentas', 'amount'],
  ['non_subject_sales', 'Ventas no sujetas', 'amount'],
  ['taxed_sales', 'Ventas gravadas locales', 'amount'],
  ['vat_debit', 'Débito fiscal', 'amount'],
  ['third_party_sales', 'Ventas a cuenta de terceros no domiciliados', 'amount'],
  ['third_party_vat_debit', 'Débito fiscal por venta a cuenta de terceros', 'amount'],
  ['total_sales', 'Total ventas', 'amount'],
  ['customer_dui', 'DUI del cliente', 'code'],
  ['operation_type', 'Tipo de operación (Renta)', 'code'],
  ['income_type', 'Tipo de ingreso (Renta)', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

/** DTE types this annex reports (issued CCF, NC, ND) — also the routing documentAggregates(groupBy: ANNEX) uses. */
export const ANEXO1_DOC_TYPES: ReadonlySet<string> = new Set(['03', '05', '06']);
const TYPES = ANEXO1_DOC_TYPES;

interface SaleAmounts { exempt: Cents; nonSubject: Cents; taxed: Cents; vat: Cents; thirdParty: Cents; thirdPartyVat: Cents }

function amountCells(a: SaleAmounts, t: CentsTotals, withDebits: boolean): string[] {
  const total = a.exempt + a.nonSubject + a.taxed + a.thirdParty + (withDebits ? a.vat + a.thirdPartyVat : 0);
  return [
    t.cell('exempt_sales', a.exempt), t.cell('non_subject_sales', a.nonSubject), t.cell('taxed_sales', a.taxed),
    t.cell('vat_debit', a.vat), t.cell('third_party_sales', a.thirdParty), t.cell('third_party_vat_debit', a.thirdPartyVat),
    t.cell('total_sales', total),
  ];
}

function documentRow(doc: LedgerDocument, period: string, t: CentsTotals, withDebits: boolean, fallback: IncomeCodesFallback, warnings: ReportWarning[]): string[] {
  const f = dteFacts(doc);
  const txt = textOf(f);
  const label = `El documento ${f.controlNumber}`;
  sealWarnings(doc, warnings);
  checkNetVat(f.taxed, f.vat, label, doc.id, warnings);
  const slots = idSlots(f.receiver);
  if (!slots.nitOrNrc && !slots.dui) warnings.push(warn(WarningCode.missingCounterpartId, `${label} no tiene NIT, NRC ni DUI del cliente.`, doc.id));
  const third = f.thirdParty !== null;
  if (third) {
    warnings.push(warn(WarningCode.thirdPartySale, `${label} es una venta por cuenta de terceros (${sanitizeText(f.thirdParty!.name)}): va en N/O como no domiciliado; si el mandante es domiciliado corresponde al anexo 4.`, doc.id));
  }
  const [op, inc] = incomeCodeCells(period, docIncomeCodes(doc, fallback), label, doc.id, warnings);
  return [
    txt.date, '4', f.type, txt.control, doc.seal ?? '', txt.code, '',
    slots.nitOrNrc, txt.name,
    ...amountCells({
      exempt: f.exempt, nonSubject: f.nonSubject, taxed: third ? 0 : f.taxed, vat: third ? 0 : f.vat,
      thirdParty: third ? f.taxed : 0, thirdPartyVat: third ? f.vat : 0,
    }, t, withDebits),
    slots.dui, op, inc, '1',
  ];
}

function recordRow(lr: LedgerRecord, period: string, t: CentsTotals, withDebits: boolean, warnings: ReportWarning[]): string[] {
  const r = lr.record;
  const id = recordIdentity(lr);
  const slots = recordIdSlots(lr, true);
  const label = `El registro ${r.externalId}`;
  recordIdentityWarnings(lr, slots, warnings);
  checkRecordDateInPeriod(lr, period, warnings);
  const a: SaleAmounts = {
    exempt: recordCents(lr, 'exempt'), nonSubject: recordCents(lr, 'non_subject'), taxed: recordCents(lr, 'taxed'),
    vat: recordCents(lr, 'vat_debit'), thirdParty: recordCents(lr, 'third_party_taxed'), thirdPartyVat: recordCents(lr, 'third_party_vat_debit'),
  };
  checkNetVat(a.taxed, a.vat, label, lr.id, warnings);
  if (a.thirdParty !== 0 || a.thirdPartyVat !== 0) checkNetVat(a.thirdParty, a.thirdPartyVat, `${label} (terceros)`, lr.id, warnings);
  const [op, inc] = incomeCodeCells(period, recordIncomeCodes(lr), label, lr.id, warnings);
  return [
    mhDate(recordDate(lr)), r.docClass ?? '', r.docType ?? '', id.resolution, id.series, id.number, id.internalControl,
    slots.nitOrNrc, sanitizeText(r.counterpart?.name), ...amountCells(a, t, withDebits), slots.dui, op, inc, '1',
  ];
}

export function generateAnexo1(input: ReportInput, params: ReportParams<'f07_anexo1'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO1_COLUMNS));
  const withDebits = params.total === 'with_debits';
  const { active, lateVoids } = selectSales(input.documents, input.period, TYPES, params.voids, warnings);
  const entries = active.map((doc) => ({ key: dteFacts(doc).sortKey, row: documentRow(doc, input.period, totals, withDebits, params.income, warnings) }));
  for (const lr of selectRecords(input.records, input.period, 'external-sales', (x) => TYPES.has(x.record.docType ?? ''))) {
    entries.push({ key: `${recordDate(lr)}T~|${lr.record.externalId}`, row: recordRow(lr, input.period, totals, withDebits, warnings) });
  }
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    warnings.push(warn(WarningCode.lateVoid, `El documento ${f.controlNumber} del ${f.issuedOn} se invalidó en este período; el anexo 1 no admite valores negativos: sigue en el anexo 1 de su período y el ajuste requiere una declaración modificatoria de ese período. Aparece en el anexo de anulados.`, doc.id));
  }
  return { columns: ANEXO1_COLUMNS, rows: sortedRows(entries), totals: totals.toStrings(), warnings };
}
