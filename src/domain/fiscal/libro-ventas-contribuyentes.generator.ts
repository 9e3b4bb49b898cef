/**
 * Libro de ventas a contribuyentes (RCT art. 85; F-07 doc §6.2): one line per CCF/NC/ND, issued or
 * external, in date order with a correlative; columns in the regulation's order (no "formulario
 * único" column: DTEs have none; "no sujetas" kept as in the annex). Credit notes subtract by
 * default (`notes` param). Totals: every amount column, plus the closing summary of art. 85 —
 * consumer sales (same selection as the consumer book; taxed net = gross ÷ 1.13, débito = 13 % of
 * the net, as MH's portal splits annex 2) and the period's débito fiscal.
 */
import { CentsTotals, formatCents, scaleCents, vat13, type Cents } from './cents.math';
import { dteFacts, textOf } from './dte-facts.reader';
import { compactCode, compactControlNumber, hyphenatedCode, mhNrc, sanitizeText } from './identifier-format.helpers';
import { sealWarnings, selectRecords, selectSales } from './ledger.selector';
import { consumerSalesTotals } from './libro-ventas-consumidor.generator';
import { mhDate } from './period.helpers';
import { recordCents, recordDate, recordIdentity } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { checkNetVat, sortedRows } from './sale-row.helpers';

export const LIBRO_CONTRIBUYENTES_COLUMNS = columnsOf([
  ['correlative', 'N°', 'code'],
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['resolution_number', 'Número de control / resolución', 'text'],
  ['document_number', 'Código de generación / número de documento', 'text'],
  ['series', 'Sello de recepción / serie', 'text'],
  ['customer_name', 'Nombre del cliente', 'text'],
  ['customer_nrc', 'NRC del cliente', 'code'],
  ['exempt_sales', 'Ventas exentas', 'amount'],
  ['non_subject_sales', 'Ventas no sujetas', 'amount'],
  ['taxed_sales', 'Ventas gravadas', 'amount'],
  ['vat_debit', 'Débito fiscal', 'amount'],
  ['third_party_sales', 'Ventas por cuenta de terceros', 'amount'],
  ['third_party_vat_debit', 'Débito fiscal por cuenta de terceros', 'amount'],
  ['vat_perceived', 'IVA percibido', 'amount'],
  ['total_sales', 'Total', 'amount'],
], false);

const TYPES = new Set(['03', '05', '06']);
const AMOUNTS = ['exempt_sales', 'non_subject_sales', 'taxed_sales', 'vat_debit', 'third_party_sales', 'third_party_vat_debit', 'vat_perceived'] as const;

function cells(values: readonly Cents[], sign: number, t: CentsTotals): string[] {
  let total = 0;
  const out = values.map((v, i) => {
    const c = sign * v;
    if (AMOUNTS[i] !== 'vat_perceived') total += c;
    return t.cell(AMOUNTS[i], c);
  });
  return [...out, t.cell('total_sales', total)];
}

export function generateLibroVentasContribuyentes(input: ReportInput, params: ReportParams<'libro_ventas_contribuyentes'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(LIBRO_CONTRIBUYENTES_COLUMNS));
  const compact = params.codes === 'compact';
  const code = compact ? compactCode : hyphenatedCode;
  const control = params.codes === 'hyphenated' ? (v: string) => v : compactControlNumber;
  const signOf = (type: string) => (type === '05' && params.notes === 'negative' ? -1 : 1);
  const entries: { key: string; row: string[] }[] = [];

  for (const doc of selectSales(input.documents, input.period, TYPES, params.voids, warnings).active) {
    const f = dteFacts(doc);
    const t = textOf(f);
    sealWarnings(doc, warnings);
    checkNetVat(f.taxed, f.vat, `El documento ${f.controlNumber}`, doc.id, warnings);
    const third = f.thirdParty !== null;
    const values = [f.exempt, f.nonSubject, third ? 0 : f.taxed, third ? 0 : f.vat, third ? f.taxed : 0, third ? f.vat : 0, f.perceived];
    entries.push({
      key: f.sortKey,
      row: ['', t.date, f.type, compact ? t.control : f.controlNumber, compact ? t.code : hyphenatedCode(f.generationCode), doc.seal ?? '', t.name,
        f.receiver.nrc ? mhNrc(f.receiver.nrc) : '', ...cells(values, signOf(f.type), totals)],
    });
  }
  for (const lr of selectRecords(input.records, input.period, 'external-sales', (x) => TYPES.has(x.record.docType ?? ''))) {
    const r = lr.record;
    const id = recordIdentity(lr);
    const dte = r.docClass === '4';
    const values = ['exempt', 'non_subject', 'taxed', 'vat_debit', 'third_party_taxed', 'third_party_vat_debit', 'vat_perceived'].map((k) => recordCents(lr, k));
    entries.push({
      key: `${recordDate(lr)}T~|${r.externalId}`,
      row: ['', mhDate(recordDate(lr)), r.docType ?? '', dte ? control(r.controlNumber ?? '') : id.resolution, dte ? code(r.generationCode ?? '') : id.number,
        id.series, sanitizeText(r.counterpart?.name), r.counterpart?.nrc ? mhNrc(r.counterpart.nrc) : '', ...cells(values, signOf(r.docType ?? ''), totals)],
    });
  }
  const rows = sortedRows(entries);
  rows.forEach((row, i) => { row[0] = String(i + 1); });

  const consumer = consumerSalesTotals(input, params.voids);
  const consumerNet = scaleCents(consumer.taxed, 100, 113);
  const consumerVat = vat13(consumerNet);
  const summary: Record<string, string> = {
    consumer_exempt_sales: formatCents(consumer.exempt),
    consumer_non_subject_sales: formatCents(consumer.nonSubject),
    consumer_taxed_sales_net: formatCents(consumerNet),
    consumer_vat_debit: formatCents(consumerVat),
    consumer_exports: formatCents(consumer.exports),
    consumer_third_party_sales: formatCents(consumer.thirdParty),
    total_vat_debit: formatCents(totals.get('vat_debit') + consumerVat),
    total_third_party_vat_debit: formatCents(totals.get('third_party_vat_debit')),
  };
  return { columns: LIBRO_CONTRIBUYENTES_COLUMNS, rows, totals: { ...totals.toStrings(), ...summary }, warnings };
}
