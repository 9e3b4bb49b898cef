/**
 * A document this service issued is the source of truth for its own generation code. Before the
 * service issued CR (07) and FSE (14), businesses booked them as records (`withholdings-made`, or
 * `purchases` of type 14); a record of class 4 whose generation code is that of a CR / FSE in the
 * ledger is replaced by the document — whatever the document's status, so a voided CR also takes
 * its stale record out — and never counted twice (ADR 0036). The ledger loads, besides the period's
 * documents, the CR / FSE of any period that such a record names (load-ledger.ts).
 */
import { dteFacts } from './dte-facts.reader';
import { compactCode } from './identifier-format.helpers';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import type { FiscalResource } from './record-keys.catalog';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';

/** The issued type that replaces records of a resource (and, for purchases, of which record type). */
export const SUPERSEDING_TYPES: Readonly<Partial<Record<FiscalResource, { docType: string; recordDocType?: string }>>> = {
  'withholdings-made': { docType: '07' },
  purchases: { docType: '14', recordDocType: '14' },
};

const memo = new WeakMap<readonly LedgerDocument[], Map<string, ReadonlySet<string>>>();

/** Generation codes (compact) of the issued documents of a type in the ledger, any status or period. */
export function issuedCodes(docs: readonly LedgerDocument[], type: string): ReadonlySet<string> {
  let byType = memo.get(docs);
  if (!byType) memo.set(docs, (byType = new Map()));
  let codes = byType.get(type);
  if (!codes) {
    const set = new Set<string>();
    for (const d of docs) if (d.type === type) set.add(compactCode(dteFacts(d).generationCode));
    byType.set(type, (codes = set));
  }
  return codes;
}

/** The record's generation code (compact) when an issued document can replace it, else null. */
export function supersedableCode(lr: LedgerRecord): string | null {
  const rule = SUPERSEDING_TYPES[lr.resource];
  const r = lr.record;
  if (!rule || r.docClass !== '4' || !r.generationCode) return null;
  if (rule.recordDocType && r.docType !== rule.recordDocType) return null;
  return compactCode(r.generationCode);
}

/**
 * Whether an issued document replaces the record; when it does, a `record_superseded` warning
 * (pushed into `warnings` when given) names both.
 */
export function isSuperseded(lr: LedgerRecord, docs: readonly LedgerDocument[], warnings?: ReportWarning[]): boolean {
  const code = supersedableCode(lr);
  const rule = SUPERSEDING_TYPES[lr.resource];
  if (!code || !rule || !issuedCodes(docs, rule.docType).has(code)) return false;
  warnings?.push(warn(WarningCode.recordSuperseded, `El registro ${lr.record.externalId} tiene el código de generación de un documento tipo ${rule.docType} emitido por este servicio: se informa el documento emitido y no el registro.`, lr.id));
  return true;
}

const recordMemo = new WeakMap<readonly LedgerRecord[], Map<FiscalResource, Map<string, LedgerRecord>>>();

/** The superseded record of an issued document, if any (its classification attributes are reused). */
export function supersededRecordOf(doc: LedgerDocument, records: readonly LedgerRecord[], resource: FiscalResource): LedgerRecord | null {
  let byCode = recordMemo.get(records)?.get(resource);
  if (!byCode) {
    byCode = new Map();
    for (const lr of records) {
      const code = lr.resource === resource && !lr.record.excludeFromBooks ? supersedableCode(lr) : null;
      if (code && !byCode.has(code)) byCode.set(code, lr);
    }
    const perResource = recordMemo.get(records) ?? new Map<FiscalResource, Map<string, LedgerRecord>>();
    perResource.set(resource, byCode);
    recordMemo.set(records, perResource);
  }
  return byCode.get(compactCode(dteFacts(doc).generationCode)) ?? null;
}
