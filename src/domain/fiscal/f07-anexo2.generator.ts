/**
 * F-07 annex 2 — Detalle de ventas a consumidor final (23 columns) [F-07 doc §3.2, §4.4].
 *
 * Issued FE (01) and FEX (11) are grouped per day (fecEmi) and type, and — because U/V hold one pair of income
 * codes — per income codes (the `income_codes` tag, or for untagged documents the codes inferred from
 * their amounts and items: `income` param infer | blank; one `inferred_income_codes` warning per line
 * that used inferred codes). D, E, F, G = `N/A`, J empty, H/I = generation code of the first/last
 * DTE of the group in emission order (fecEmi, horEmi, control number; invalidated documents already
 * left out), compact by default (`codes` param, §10 Q3). N carries the taxed sales **with IVA**.
 * Tags: exempt non-proportional → L instead of K; free zone → R instead of N; `ventaTercero` → S.
 * FEX (zero rate, §3.2 O–R, §4.3): the taxed value net of the global discount, without freight and
 * insurance (§10 Q6), goods → O (receiver in GT, HN, SV, NI, CR) or P (elsewhere), service items → Q,
 * everything → R for a `free_zone` FEX; no IVA check.
 * An FE invalidated in a later period (`voids` = void_date) gives a negative line in the void
 * period, dated with its fecEmi, H = I = its code (CT 111; the line shape is our inference, §10 Q5).
 * external-sales records of types 01/11 give one line each (a day's range).
 */
import { CentsTotals, type Cents } from './cents.math';
import { dteFacts } from './dte-facts.reader';
import { compactCode, hyphenatedCode } from './identifier-format.helpers';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { sealWarnings, selectRecords, selectSales } from './ledger.selector';
import { mhDate, periodDistance } from './period.helpers';
import { printedNumber, recordCents, recordDate, recordIdentity, recordIdentityWarnings } from './record-row.helpers';
import type { ReportParams } from './report-params.schema';
import { WarningCode, warn } from './report-warning.catalog';
import { amountKeys, columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';
import { describeIncomeCodes } from './income-codes.inference';
import { checkGrossVat, checkRecordDateInPeriod, docIncomeCodes, incomeCodeCells, recordIncomeCodes, sortedRows } from './sale-row.helpers';

export const ANEXO2_COLUMNS = columnsOf([
  ['issue_date', 'Fecha de emisión', 'date'],
  ['doc_class', 'Clase de documento', 'code'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['resolution_number', 'Número de resolución', 'text'],
  ['series', 'Serie de documento', 'text'],
  ['internal_control_from', 'Número de control interno (del)', 'text'],
  ['internal_control_to', 'Número de control interno (al)', 'text'],
  ['document_from', 'Número de documento (del)', 'text'],
  ['document_to', 'Número de documento (al)', 'text'],
  ['register_number', 'Número de máquina registradora', 'text'],
  ['exempt_sales', 'Ventas exentas', 'amount'],
  ['exempt_non_proportional', 'Ventas internas exentas no sujetas a proporcionalidad', 'amount'],
  ['non_subject_sales', 'Ventas no sujetas', 'amount'],
  ['taxed_sales', 'Ventas gravadas locales (IVA incluido)', 'amount'],
  ['exports_central_america', 'Exportaciones dentro del área centroamericana', 'amount'],
  ['exports_outside_central_america', 'Exportaciones fuera del área centroamericana', 'amount'],
  ['exports_services', 'Exportaciones de servicios', 'amount'],
  ['free_zone_sales', 'Ventas a zonas francas y DPA (tasa cero)', 'amount'],
  ['third_party_sales', 'Ventas a cuenta de terceros no domiciliados', 'amount'],
  ['total_sales', 'Total ventas', 'amount'],
  ['operation_type', 'Tipo de operación (Renta)', 'code'],
  ['income_type', 'Tipo de ingreso (Renta)', 'code'],
  ['annex_number', 'Número de anexo', 'code'],
], true);

/** DTE types this annex reports (issued FE and FEX) — also the routing documentAggregates(groupBy: ANNEX) uses. */
export const ANEXO2_DOC_TYPES: ReadonlySet<string> = new Set(['01', '11']);
/** CAT-020 countries of "Exportaciones dentro del área centroamericana" (annex 2 O; MH's list includes El Salvador). */
export const CENTRAL_AMERICA: ReadonlySet<string> = new Set(['GT', 'HN', 'SV', 'NI', 'CR']);
/** Types of the external-sales records this annex reports (FE 01 and FEX 11 issued elsewhere) — also the routing fiscalRecordAggregates(groupBy: ANNEX) uses. */
export const ANEXO2_RECORD_DOC_TYPES: ReadonlySet<string> = new Set(['01', '11']);
const TYPES = ANEXO2_DOC_TYPES;
const AMOUNT_KEYS = amountKeys(ANEXO2_COLUMNS).filter((k) => k !== 'total_sales');

/** Amounts of one line by column key (total computed). */
type LineAmounts = Record<string, Cents>;

function emptyAmounts(): LineAmounts {
  const a: LineAmounts = {};
  for (const k of AMOUNT_KEYS) a[k] = 0;
  return a;
}

/** Adds a document's amounts to a line, `sign` −1 for reversals. */
export function addDocumentAmounts(a: LineAmounts, doc: LedgerDocument, sign: 1 | -1): void {
  const f = dteFacts(doc);
  const tags = doc.fiscalTags;
  const x = f.typeFacts.exports;
  if (x) {
    if (tags.freeZone) {
      a.free_zone_sales += sign * f.taxed;
    } else {
      a[CENTRAL_AMERICA.has(x.country) ? 'exports_central_america' : 'exports_outside_central_america'] += sign * x.goods;
      a.exports_services += sign * x.services;
    }
    return;
  }
  a[tags.exemptNonProportional ? 'exempt_non_proportional' : 'exempt_sales'] += sign * f.exempt;
  a.non_subject_sales += sign * f.nonSubject;
  a[f.thirdParty ? 'third_party_sales' : tags.freeZone ? 'free_zone_sales' : 'taxed_sales'] += sign * f.taxed;
}

function amountCells(a: LineAmounts, t: CentsTotals): string[] {
  let total = 0;
  const cells = AMOUNT_KEYS.map((k) => {
    total += a[k];
    return t.cell(k, a[k]);
  });
  return [...cells, t.cell('total_sales', total)];
}

interface Group { docs: LedgerDocument[]; op?: string; inc?: string; inferred: LedgerDocument[] }

export function generateAnexo2(input: ReportInput, params: ReportParams<'f07_anexo2'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const totals = new CentsTotals(amountKeys(ANEXO2_COLUMNS));
  const code = params.codes === 'hyphenated' ? hyphenatedCode : compactCode;
  const { active, lateVoids } = selectSales(input.documents, input.period, TYPES, params.voids, warnings);

  const groups = new Map<string, Group>();
  for (const doc of active) {
    const f = dteFacts(doc);
    sealWarnings(doc, warnings);
    if (!f.typeFacts.exports) checkGrossVat(f.taxed, f.vat, `El documento ${f.controlNumber}`, doc.id, warnings);
    if (f.thirdParty) warnings.push(warn(WarningCode.thirdPartySale, `El documento ${f.controlNumber} es una venta por cuenta de terceros: va en la columna S (no domiciliados); si el mandante es domiciliado corresponde al anexo 4.`, doc.id));
    const codes = docIncomeCodes(doc, params.income);
    const key = `${f.issuedOn}|${f.type}|${codes?.operationType ?? ''}|${codes?.incomeType ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { docs: [], op: codes?.operationType, inc: codes?.incomeType, inferred: [] }));
    g.docs.push(doc);
    if (codes?.inferred) g.inferred.push(doc);
  }

  const entries: { key: string; row: string[] }[] = [];
  for (const g of groups.values()) {
    const first = dteFacts(g.docs[0]);
    const last = dteFacts(g.docs[g.docs.length - 1]);
    const a = emptyAmounts();
    for (const doc of g.docs) addDocumentAmounts(a, doc, 1);
    const label = `Las ${g.docs.length} facturas del ${first.issuedOn} (del ${first.controlNumber} al ${last.controlNumber})`;
    const [op, inc] = incomeCodeCells(input.period, { operationType: g.op, incomeType: g.inc }, label, g.docs[0].id, warnings);
    if (g.inferred.length > 0 && op !== '0') warnings.push(inferredLineWarning(label, g, op, inc));
    entries.push({
      key: `${first.issuedOn}|${first.type}|${first.sortKey}`,
      row: [mhDate(first.issuedOn), '4', first.type, 'N/A', 'N/A', 'N/A', 'N/A', code(first.generationCode), code(last.generationCode), '',
        ...amountCells(a, totals), op, inc, '2'],
    });
  }

  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    const a = emptyAmounts();
    addDocumentAmounts(a, doc, -1);
    const months = periodDistance(f.issuedOn.slice(0, 7), input.period);
    warnings.push(warn(WarningCode.lateVoid, `La factura ${f.controlNumber} del ${f.issuedOn} se invalidó en este período: se resta con una línea negativa (CT art. 111).`, doc.id));
    if (months > 3) warnings.push(warn(WarningCode.lateVoidOutsideWindow, `La factura ${f.controlNumber} es de hace ${months} períodos; el MH admite anulaciones de los 3 períodos anteriores.`, doc.id));
    const [op, inc] = incomeCodeCells(f.issuedOn.slice(0, 7), docIncomeCodes(doc, params.income), `La factura ${f.controlNumber}`, doc.id, warnings);
    entries.push({
      key: `${f.issuedOn}|${f.type}|${f.sortKey}|void`,
      row: [mhDate(f.issuedOn), '4', f.type, 'N/A', 'N/A', 'N/A', 'N/A', code(f.generationCode), code(f.generationCode), '', ...amountCells(a, totals), op, inc, '2'],
    });
  }

  for (const lr of selectRecords(input.records, input.period, 'external-sales', (x) => ANEXO2_RECORD_DOC_TYPES.has(x.record.docType ?? ''))) {
    entries.push({ key: `${recordDate(lr)}|${lr.record.docType}|~${lr.record.externalId}`, row: recordRow(lr, input.period, code, totals, warnings) });
  }
  return { columns: ANEXO2_COLUMNS, rows: sortedRows(entries), totals: totals.toStrings(), warnings };
}

/** A line whose U/V were inferred for some (or all) of its untagged invoices: which ones, and how to confirm. */
function inferredLineWarning(label: string, g: Group, op: string, inc: string): ReportWarning {
  const n = g.inferred.length;
  const first = dteFacts(g.inferred[0]).controlNumber;
  const which = n === g.docs.length
    ? (n === 1 ? 'no tiene' : 'no tienen')
    : `incluyen ${n} sin etiquetar (la primera, ${first}) que no tienen`;
  return warn(WarningCode.inferredIncomeCodes,
    `${label} ${which} tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025: se usaron los deducidos de sus montos e ítems, ${describeIncomeCodes({ operationType: op, incomeType: inc })}. Confírmelos o corríjalos etiquetando cada factura con PATCH /v1/documents/{id}/fiscal.`,
    g.inferred[0].id);
}

const RECORD_KEYS: readonly [string, string][] = [
  ['exempt', 'exempt_sales'], ['exempt_non_proportional', 'exempt_non_proportional'], ['non_subject', 'non_subject_sales'],
  ['taxed', 'taxed_sales'], ['exports_central_america', 'exports_central_america'],
  ['exports_outside_central_america', 'exports_outside_central_america'], ['exports_services', 'exports_services'],
  ['free_zone', 'free_zone_sales'], ['third_party_taxed', 'third_party_sales'],
];

function recordRow(lr: LedgerRecord, period: string, code: (v: string) => string, t: CentsTotals, warnings: ReportWarning[]): string[] {
  const r = lr.record;
  recordIdentityWarnings(lr, null, warnings);
  checkRecordDateInPeriod(lr, period, warnings);
  const a = emptyAmounts();
  for (const [from, to] of RECORD_KEYS) a[to] = recordCents(lr, from);
  const [op, inc] = incomeCodeCells(period, recordIncomeCodes(lr), `El registro ${r.externalId}`, lr.id, warnings);
  let ids: string[];
  if (r.docClass === '4') {
    const first = r.generationCode ?? '';
    ids = ['N/A', 'N/A', 'N/A', 'N/A', code(first), code(r.attributes.last_generation_code ?? first)];
  } else {
    const id = recordIdentity(lr);
    const to = r.attributes.last_document_number ? printedNumber(r.attributes.last_document_number) : id.number;
    ids = [id.resolution, id.series, id.number, to, id.number, to];
  }
  return [mhDate(recordDate(lr)), r.docClass ?? '', r.docType ?? '', ...ids, '', ...amountCells(a, t), op, inc, '2'];
}
