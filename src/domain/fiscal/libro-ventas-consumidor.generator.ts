/**
 * Libro de ventas a consumidores finales (RCT art. 83; D.L. 487-2022; F-07 doc §6.2): one line per
 * day (and point of sale by default: the control-number series is per establishment and point of
 * sale, RCT 83 b–c) and type — FE 01 and, "de igual forma", FEX 11 (RCT 83 b, f: the FEX's taxed value
 * in "exportaciones") — with the first/last generation code and control number. Columns in the
 * regulation's order plus "no sujetas". Total de ventas diarias = exentas + no sujetas + gravadas
 * (IVA incluido) + exportaciones; third-party sales apart. An FE invalidated in a later period
 * subtracts on the date of its invalidation (RCT art. 87). Totals: every amount column plus the
 * débito fiscal computation (taxed net = gross ÷ 1.13, débito = 13 % of the net).
 */
import { CentsTotals, formatCents, scaleCents, vat13, type Cents } from './cents.math';
import { dteFacts } from './dte-facts.reader';
import { compactCode, compactControlNumber, hyphenatedCode } from './identifier-format.helpers';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { sealWarnings, selectRecords, selectSales, type VoidBasis } from './ledger.selector';
import { localDateOf, mhDate } from './period.helpers';
import { printedNumber, recordCents, recordDate, recordIdentity } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { sortedRows } from './sale-row.helpers';

export const LIBRO_CONSUMIDOR_COLUMNS = columnsOf([
  ['issue_date', 'Fecha', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['document_from', 'Código de generación / documento (del)', 'text'],
  ['document_to', 'Código de generación / documento (al)', 'text'],
  ['control_from', 'Número de control (del)', 'text'],
  ['control_to', 'Número de control (al)', 'text'],
  ['point_of_sale', 'Establecimiento y punto de venta', 'code'],
  ['exempt_sales', 'Ventas exentas', 'amount'],
  ['non_subject_sales', 'Ventas no sujetas', 'amount'],
  ['taxed_sales', 'Ventas gravadas locales (IVA incluido)', 'amount'],
  ['exports', 'Exportaciones', 'amount'],
  ['total_sales', 'Total de ventas diarias', 'amount'],
  ['third_party_sales', 'Ventas por cuenta de terceros', 'amount'],
], false);

export interface Line { exempt: Cents; nonSubject: Cents; taxed: Cents; exports: Cents; thirdParty: Cents }

function addDoc(l: Line, doc: LedgerDocument, sign: number): void {
  const f = dteFacts(doc);
  l.exempt += sign * f.exempt;
  l.nonSubject += sign * f.nonSubject;
  if (f.thirdParty) l.thirdParty += sign * f.taxed;
  else if (doc.fiscalTags.freeZone || f.typeFacts.exports) l.exports += sign * f.taxed;
  else l.taxed += sign * f.taxed;
}

function amountCells(l: Line, t: CentsTotals): string[] {
  return [
    t.cell('exempt_sales', l.exempt), t.cell('non_subject_sales', l.nonSubject), t.cell('taxed_sales', l.taxed), t.cell('exports', l.exports),
    t.cell('total_sales', l.exempt + l.nonSubject + l.taxed + l.exports), t.cell('third_party_sales', l.thirdParty),
  ];
}

const zero = (): Line => ({ exempt: 0, nonSubject: 0, taxed: 0, exports: 0, thirdParty: 0 });

const EXPORT_KEYS = ['exports_central_america', 'exports_outside_central_america', 'exports_services', 'free_zone'];
const CONSUMER_TYPES = new Set(['01', '11']);

function recordLine(lr: LedgerRecord): Line {
  return {
    exempt: recordCents(lr, 'exempt') + recordCents(lr, 'exempt_non_proportional'),
    nonSubject: recordCents(lr, 'non_subject'),
    taxed: recordCents(lr, 'taxed'),
    exports: EXPORT_KEYS.reduce((s, k) => s + recordCents(lr, k), 0),
    thirdParty: recordCents(lr, 'third_party_taxed'),
  };
}

function isConsumerRecord(lr: LedgerRecord): boolean {
  return lr.record.docType === '01' || lr.record.docType === '11';
}

/** The period's consumer sales without the lines (the closing summary of the contribuyentes book). */
export function consumerSalesTotals(input: ReportInput, voids: VoidBasis): Line {
  const sum = zero();
  const { active, lateVoids } = selectSales(input.documents, input.period, CONSUMER_TYPES, voids, []);
  for (const doc of active) addDoc(sum, doc, 1);
  for (const doc of lateVoids) addDoc(sum, doc, -1);
  for (const lr of selectRecords(input.records, input.period, 'external-sales', isConsumerRecord)) {
    const l = recordLine(lr);
    sum.exempt += l.exempt; sum.nonSubject += l.nonSubject; sum.taxed += l.taxed; sum.exports += l.exports; sum.thirdParty += l.thirdParty;
  }
  return sum;
}

export function generateLibroVentasConsumidor(input: ReportInput, params: ReportParams<'libro_ventas_consumidor'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(LIBRO_CONSUMIDOR_COLUMNS));
  const code = params.codes === 'hyphenated' ? hyphenatedCode : compactCode;
  const control = params.codes === 'hyphenated' ? (v: string) => v : compactControlNumber;
  const { active, lateVoids } = selectSales(input.documents, input.period, CONSUMER_TYPES, params.voids, warnings);
  const groups = new Map<string, LedgerDocument[]>();
  for (const doc of active) {
    const f = dteFacts(doc);
    sealWarnings(doc, warnings);
    const key = `${f.issuedOn}|${f.type}|${params.grouping === 'point_of_sale' ? f.pointOfSale : ''}`;
    const g = groups.get(key);
    if (g) g.push(doc);
    else groups.set(key, [doc]);
  }
  const entries: { key: string; row: string[] }[] = [];
  for (const docs of groups.values()) {
    const first = dteFacts(docs[0]);
    const last = dteFacts(docs[docs.length - 1]);
    const l = zero();
    for (const d of docs) addDoc(l, d, 1);
    entries.push({
      key: `${first.issuedOn}|${first.type}|${first.sortKey}`,
      row: [mhDate(first.issuedOn), first.type, code(first.generationCode), code(last.generationCode), control(first.controlNumber), control(last.controlNumber),
        params.grouping === 'point_of_sale' ? first.pointOfSale : '', ...amountCells(l, totals)],
    });
  }
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    const date = doc.voidedAt ? localDateOf(doc.voidedAt) : f.issuedOn;
    const l = zero();
    addDoc(l, doc, -1);
    entries.push({
      key: `${date}|${f.type}|~${f.sortKey}`,
      row: [mhDate(date), f.type, code(f.generationCode), code(f.generationCode), control(f.controlNumber), control(f.controlNumber), f.pointOfSale, ...amountCells(l, totals)],
    });
  }
  for (const lr of selectRecords(input.records, input.period, 'external-sales', isConsumerRecord)) {
    const r = lr.record;
    const dte = r.docClass === '4';
    const from = dte ? code(r.generationCode ?? '') : recordIdentity(lr).number;
    const to = dte ? code(r.attributes.last_generation_code ?? r.generationCode ?? '') : r.attributes.last_document_number ? printedNumber(r.attributes.last_document_number) : from;
    const l = recordLine(lr);
    entries.push({
      key: `${recordDate(lr)}|${r.docType}|~${r.externalId}`,
      row: [mhDate(recordDate(lr)), r.docType ?? '', from, to, dte && r.controlNumber ? control(r.controlNumber) : '', '',
        dte ? '' : recordIdentity(lr).series, ...amountCells(l, totals)],
    });
  }
  const net = scaleCents(totals.get('taxed_sales'), 100, 113);
  return {
    columns: LIBRO_CONSUMIDOR_COLUMNS,
    rows: sortedRows(entries),
    totals: { ...totals.toStrings(), taxed_sales_net: formatCents(net), vat_debit: formatCents(vat13(net)) },
    warnings,
  };
}
