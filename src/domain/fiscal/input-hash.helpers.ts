/**
 * `input_hash` of a fiscal report: SHA-256 over every input row (canonical JSON), the rules version
 * and the params. Rows are hashed one by one and the row hashes sorted, so the order in which the
 * database returns them does not matter; any change to a row, the rules or the params changes it.
 */
import { canonicalJson, sha256Hex } from './canonical-json.helpers';
import { dteFacts } from './dte-facts.reader';
import type { LedgerDocument, LedgerRecord } from './ledger.types';
import { voidPeriodOf } from './ledger.selector';
import { compactCode } from './identifier-format.helpers';
import { supersedableCode } from './issued-supersedes.rules';
import { settledCodes } from './settled-documents.rules';
import type { ReportInput } from './report.types';

export function computeInputHash(rows: readonly unknown[], rulesVersion: string, params: unknown): string {
  const hashes = rows.map((r) => sha256Hex(canonicalJson(r))).sort();
  return sha256Hex(`fiscal-input-hash/1\n${rulesVersion}\n${canonicalJson(params ?? {})}\n${hashes.join('\n')}`);
}

/**
 * What the books read from an issued document: its ledger state and every DTE field the generators
 * use (dte-facts.reader.ts). Hashing this instead of the whole JSON keeps the hash of a
 * 100,000-document period fast; a JSON change the books do not read cannot change a report.
 */
export function documentFingerprint(doc: LedgerDocument): Record<string, unknown> {
  const { text: _text, sortKey: _sortKey, ...facts } = dteFacts(doc);
  return {
    id: doc.id, type: doc.type, environment: doc.environment, status: doc.status, seal: doc.seal, issuedOn: doc.issuedOn,
    voidedAt: doc.voidedAt instanceof Date ? doc.voidedAt.toISOString() : doc.voidedAt, voidInfo: doc.voidInfo ?? null, fiscalTags: doc.fiscalTags, facts,
  };
}

/**
 * The rows a report of the period can read, ready for computeInputHash: documents issued or voided
 * in the period, the CR / FSE of other periods that replace a record of the period and the sale
 * documents of other periods that a CL of the period settles (annex 4 E/F) — as fingerprints — and
 * the period's records.
 */
export function reportInputRows(input: ReportInput): (Record<string, unknown> | LedgerRecord)[] {
  const records = input.records.filter((r) => r.period === input.period);
  const replaced = new Set<string>();
  for (const r of records) {
    const code = supersedableCode(r);
    if (code) replaced.add(code);
  }
  const settled = settledCodes(input.documents, input.period);
  const named = (d: (typeof input.documents)[number]) => {
    if (replaced.size === 0 && settled.size === 0) return false;
    const code = compactCode(dteFacts(d).generationCode);
    return replaced.has(code) || settled.has(code);
  };
  const docs = input.documents.filter((d) => d.issuedOn.slice(0, 7) === input.period || (d.status === 'voided' && voidPeriodOf(d) === input.period) || named(d));
  return [...docs.map(documentFingerprint), ...records];
}
