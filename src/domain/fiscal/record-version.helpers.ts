/**
 * Upsert semantics of fiscal records (spec "Fiscal record rules"): idempotent by external_id +
 * version. Same version and same content → unchanged; a higher version → updated; the same version
 * with other content, or a lower version → conflict (the item is answered with an error).
 */
import { canonicalJson, sha256Hex } from './canonical-json.helpers';
import type { FiscalRecord } from './fiscal-record.schema';
import { trimTrailing } from '../shared/linear-text';

export type VersionOutcome = 'created' | 'updated' | 'unchanged' | 'conflict';

/** `"0012.50"` → `"12.5"`, `"-0.00"` → `"0"`: equal amounts hash equally. */
export function normalizeDecimal(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return value;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  const fraction = trimTrailing(m[3] ?? '', '0');
  const zero = whole === '0' && fraction === '';
  return `${m[1] && !zero ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** SHA-256 (hex) of the record's content: everything but `version`, amounts normalised. */
export function recordContentHash(record: FiscalRecord): string {
  const { version: _version, ...content } = record;
  const amounts: Record<string, string> = {};
  for (const [k, v] of Object.entries(record.amounts)) amounts[k] = normalizeDecimal(v);
  return sha256Hex(canonicalJson({ ...content, amounts }));
}

export function compareVersions(existing: FiscalRecord | null | undefined, incoming: FiscalRecord): VersionOutcome {
  if (!existing) return 'created';
  if (incoming.version > existing.version) return 'updated';
  if (incoming.version < existing.version) return 'conflict';
  return recordContentHash(existing) === recordContentHash(incoming) ? 'unchanged' : 'conflict';
}
