/**
 * Facturas de sujeto excluido (FSE, 14) the service issued, as annex 5 and the purchase book read
 * them [F-07 doc §3.5, §4.1: "it is a purchase we document"]: counted like sales documents (status,
 * `voids` rule; "sin incluir anulados"), G = `subTotal`, H = the 13 % IVA withheld on the FSE by a
 * CR (07) of the ledger (items with code C4 whose related document is this FSE; voided, rejected and
 * `error` CRs do not count). The FSE carries no income-tax classification (I–L): it comes from the
 * purchases record of the same generation code the FSE replaces, else the cells stay empty with a
 * `purchase_without_classification` warning.
 */
import { STANDING_STATUSES, type DocumentStatus } from '../documents/document-status';
import type { Cents } from './cents.math';
import { dteFacts } from './dte-facts.reader';
import { compactCode } from './identifier-format.helpers';
import { PURCHASE_CLASSIFICATION_FROM } from './income-codes.rules';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { selectSales, type VoidBasis } from './ledger.selector';
import { classificationCells } from './purchase-row.helpers';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportInput, ReportWarning } from './report.types';

export const FSE_TYPES: ReadonlySet<string> = new Set(['14']);

/** The CRs whose withholding counts: standing ones (voided, rejected and `error` CRs do not). */
const WITHHOLDING_COUNTED: ReadonlySet<DocumentStatus> = new Set(STANDING_STATUSES);

/** Issued FSE reported in the period, in emission order; a late invalidation gets a `late_void` warning. */
export function issuedExcludedSubjectPurchases(input: ReportInput, voids: VoidBasis, warnings: ReportWarning[]): readonly LedgerDocument[] {
  const { active, lateVoids } = selectSales(input.documents, input.period, FSE_TYPES, voids, warnings);
  for (const doc of lateVoids) {
    const f = dteFacts(doc);
    warnings.push(warn(WarningCode.lateVoid, `La factura de sujeto excluido ${f.controlNumber} del ${f.issuedOn} se invalidó en este período: sigue en el anexo 5 de su período y el ajuste requiere una declaración modificatoria de ese período. Aparece en el anexo de anulados.`, doc.id));
  }
  return active;
}

const withheldMemo = new WeakMap<readonly LedgerDocument[], Map<string, Cents>>();

/** IVA 13 % withheld on an FSE by the ledger's CRs (annex 5 H, purchase book "retención a terceros"). */
export function excludedSubjectWithheld(input: ReportInput, fse: LedgerDocument): Cents {
  let byCode = withheldMemo.get(input.documents);
  if (!byCode) {
    byCode = new Map();
    for (const d of input.documents) {
      if (d.type !== '07' || !WITHHOLDING_COUNTED.has(d.status) || d.fiscalTags.excludeFromBooks) continue;
      for (const [code, cents] of Object.entries(dteFacts(d).typeFacts.withholding!.excludedSubjectRetentions)) byCode.set(code, (byCode.get(code) ?? 0) + cents);
    }
    withheldMemo.set(input.documents, byCode);
  }
  return byCode.get(compactCode(dteFacts(fse).generationCode)) ?? 0;
}

/** I–L of an issued FSE: `0` before 02/2024; else the replaced record's quartet, or empty with a warning. */
export function issuedClassificationCells(doc: LedgerDocument, record: LedgerRecord | null, period: string, warnings: ReportWarning[]): string[] {
  if (period < PURCHASE_CLASSIFICATION_FROM) return ['0', '0', '0', '0'];
  if (record) return classificationCells(record, period, warnings);
  warnings.push(warn(WarningCode.purchaseWithoutClassification, `La factura de sujeto excluido ${dteFacts(doc).controlNumber} no tiene tipo de operación, clasificación, sector y tipo de costo/gasto, obligatorios desde 02/2024: regístrelos con una compra (purchases, tipo 14) del mismo código de generación.`, doc.id));
  return ['', '', '', ''];
}
