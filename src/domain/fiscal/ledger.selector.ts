/**
 * Which issued documents and records a report of a period reads.
 *
 * Documents belong to the period of `fecEmi` (§9 C9). Counted: processed, voided (see below), and
 * documents not sealed yet — contingency, signed, sending — which the books record without the seal
 * (D.L. 487-2022; Normativa §10.2). Not counted: draft, validated, rejected, error (an `error`
 * document in the period gets a warning: it holds a control number but MH never received it).
 *
 * Invalidations, `voids` param (§10 Q5, Q11):
 *   void_date  — voided in its own issue period: left out. Voided in a later period: it stays in its
 *                issue period (it was a valid sale there) and is reversed in the void period
 *                (negative annex-2 row for FE, anulados annex, a warning for annex 1).
 *   issue_date — always left out of its issue period; no reversal rows.
 * `excludeFromBooks` removes a document or record from every book and annex.
 */
import { AWAITING_SEAL_STATUSES, BOOKED_STATUSES } from '../documents/document-status';
import { dteFacts } from './dte-facts.reader';
import type { LedgerDocument, LedgerDocumentStatus, LedgerRecord } from './ledger.types';
import { periodOf } from './period.helpers';
import type { FiscalResource } from './record-keys.catalog';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';

export type VoidBasis = 'void_date' | 'issue_date';

const COUNTED: ReadonlySet<LedgerDocumentStatus> = new Set(BOOKED_STATUSES);
const NOT_SEALED: ReadonlySet<LedgerDocumentStatus> = new Set(AWAITING_SEAL_STATUSES);

/** Read-only: shared by the reports of one ledger snapshot. */
export interface SalesSelection {
  /** Documents reported as sales of the period, in emission order. */
  readonly active: readonly LedgerDocument[];
  /** Documents of an earlier period invalidated in this one (basis void_date). */
  readonly lateVoids: readonly LedgerDocument[];
}

export function voidPeriodOf(doc: LedgerDocument): string {
  return doc.voidedAt ? periodOf(doc.voidedAt) : periodOf(doc.issuedOn);
}

/** Seal-state warnings of a counted document. */
export function sealWarnings(doc: LedgerDocument, out: ReportWarning[]): void {
  const f = dteFacts(doc);
  if (doc.status === 'contingency') {
    out.push(warn(WarningCode.contingencyNotSealed, `El documento ${f.controlNumber} está en contingencia y aún no tiene sello de recepción; se registra sin sello.`, doc.id));
  } else if (NOT_SEALED.has(doc.status)) {
    out.push(warn(WarningCode.notSealed, `El documento ${f.controlNumber} (estado ${doc.status}) aún no tiene sello de recepción; se registra sin sello.`, doc.id));
  } else if (!doc.seal) {
    out.push(warn(WarningCode.missingSeal, `El documento ${f.controlNumber} no tiene sello de recepción.`, doc.id));
  }
}

/**
 * Selections are memoised per documents array (several reports of one run read the same ledger
 * snapshot): a ReportInput is treated as immutable once handed to the generators.
 */
const memo = new WeakMap<readonly LedgerDocument[], Map<string, { selection: SalesSelection; warnings: ReportWarning[] }>>();

export function selectSales(
  docs: readonly LedgerDocument[],
  period: string,
  types: ReadonlySet<string>,
  basis: VoidBasis,
  warnings: ReportWarning[],
): SalesSelection {
  const key = `${docs.length}|${period}|${[...types].join(',')}|${basis}`;
  let byKey = memo.get(docs);
  if (!byKey) memo.set(docs, (byKey = new Map()));
  let hit = byKey.get(key);
  if (!hit) {
    const own: ReportWarning[] = [];
    hit = { selection: computeSelection(docs, period, types, basis, own), warnings: own };
    byKey.set(key, hit);
  }
  for (const w of hit.warnings) warnings.push({ ...w });
  return hit.selection;
}

function computeSelection(
  docs: readonly LedgerDocument[],
  period: string,
  types: ReadonlySet<string>,
  basis: VoidBasis,
  warnings: ReportWarning[],
): SalesSelection {
  const active: LedgerDocument[] = [];
  const lateVoids: LedgerDocument[] = [];
  for (const doc of docs) {
    if (!types.has(doc.type) || doc.fiscalTags.excludeFromBooks) continue;
    const issuePeriod = doc.issuedOn.slice(0, 7);
    if (!COUNTED.has(doc.status)) {
      if (doc.status === 'error' && issuePeriod === period) {
        warnings.push(warn(WarningCode.documentNotCounted, `El documento ${dteFacts(doc).controlNumber} quedó en estado error (no recibido por el MH) y no se incluye.`, doc.id));
      }
      continue;
    }
    if (doc.status === 'voided') {
      if (basis === 'issue_date') continue;
      const voidPeriod = voidPeriodOf(doc);
      if (voidPeriod <= issuePeriod) continue;
      if (issuePeriod === period) active.push(doc);
      else if (voidPeriod === period) lateVoids.push(doc);
      continue;
    }
    if (issuePeriod === period) active.push(doc);
  }
  return { active: inEmissionOrder(active), lateVoids: inEmissionOrder(lateVoids) };
}

/** Sorts by MH's emission order with each key read once (no cache lookups inside the comparator). */
export function inEmissionOrder(docs: readonly LedgerDocument[]): LedgerDocument[] {
  const keyed = docs.map((doc) => ({ doc, key: dteFacts(doc).sortKey }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.doc);
}

/** Voided documents reported in the anulados annex of the period. */
export function selectVoided(docs: readonly LedgerDocument[], period: string, basis: VoidBasis): LedgerDocument[] {
  const out = docs.filter((d) => d.status === 'voided' && !d.fiscalTags.excludeFromBooks
    && (basis === 'void_date' ? voidPeriodOf(d) : d.issuedOn.slice(0, 7)) === period);
  return inEmissionOrder(out);
}

/** Records of one resource booked in the period, not excluded, ordered by issue date then external id. */
export function selectRecords(records: readonly LedgerRecord[], period: string, resource: FiscalResource, keep?: (r: LedgerRecord) => boolean): LedgerRecord[] {
  const out = records.filter((r) => r.resource === resource && r.period === period && !r.record.excludeFromBooks && (!keep || keep(r)));
  return out.sort((a, b) => {
    const da = a.record.issueDate ?? a.record.accountingDate;
    const db = b.record.issueDate ?? b.record.accountingDate;
    if (da !== db) return da < db ? -1 : 1;
    return a.record.externalId < b.record.externalId ? -1 : a.record.externalId > b.record.externalId ? 1 : 0;
  });
}
