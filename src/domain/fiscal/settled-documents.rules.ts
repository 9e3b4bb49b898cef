/**
 * The sale documents a Comprobante de Liquidación settles, as annex 4 finds them among the emitter's
 * own issued documents [F-07 doc §3.4 E–G]: a CL line carries only the DTE's type, generation code and
 * date, while annex 4 also wants its seal (E) and control number (F). The ledger loads the documents
 * that the period's CLs name (any period), and their state is part of the reports' input hash.
 */
import { dteFacts } from './dte-facts.reader';
import { compactCode, hyphenatedCode } from './identifier-format.helpers';
import type { LedgerDocument } from './ledger.types';

export const CL_TYPES: ReadonlySet<string> = new Set(['08']);

/** Types a CL line may settle (CL v1's enumeration, kept by the CL request rules). */
export const SETTLED_DOC_TYPES = ['01', '03', '05', '06', '11'] as const;

/** Compact generation codes of the DTEs (generation type 2) that the CLs issued in the period settle. */
export function settledCodes(docs: readonly LedgerDocument[], period: string): Set<string> {
  const out = new Set<string>();
  for (const d of docs) {
    if (!CL_TYPES.has(d.type) || d.issuedOn.slice(0, 7) !== period) continue;
    for (const l of dteFacts(d).typeFacts.settlement?.lines ?? []) if (l.generationType === '2' && l.number) out.add(compactCode(l.number));
  }
  return out;
}

/** The same codes in the stored form (uppercase, with hyphens), for the ledger query. */
export function settledCodesToLoad(docs: readonly LedgerDocument[], period: string): string[] {
  const settled = settledCodes(docs, period);
  if (settled.size === 0) return [];
  const loaded = new Set(docs.map((d) => compactCode(dteFacts(d).generationCode)));
  return [...settled].filter((c) => !loaded.has(c)).map(hyphenatedCode);
}

/** The emitter's own sale documents by compact generation code (one per code: codes are unique per emitter). */
export function ownSaleDocuments(docs: readonly LedgerDocument[]): Map<string, LedgerDocument> {
  const out = new Map<string, LedgerDocument>();
  for (const d of docs) if ((SETTLED_DOC_TYPES as readonly string[]).includes(d.type)) out.set(compactCode(dteFacts(d).generationCode), d);
  return out;
}
