/**
 * MH's certification battery: what an issuer must have processed in the test environment before MH
 * authorises it for production (issue "battery" minimums, decisions "Pinned names"). Pure data.
 */

/** Document counts per CAT-002 type, in the order the battery issues them (NC and ND relate CCFs issued before). */
export const DOCUMENT_MINIMUMS: Readonly<Record<string, number>> = {
  '01': 90,
  '03': 75,
  '04': 50,
  '11': 90,
  '14': 25,
  '07': 50,
  '08': 75,
  '09': 50,
  '15': 25,
  '05': 50,
  '06': 25,
};

/** Event counts: invalidations (type 2), declared contingency events, returns and special-operations events. */
export const EVENT_MINIMUMS = { invalidation: 5, contingency: 5, return: 5, special_operation: 5 } as const;

export type EventKind = keyof typeof EVENT_MINIMUMS;

/** The keys of the report's `counts`, in the pinned order. */
export const COUNT_KEYS = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15', 'invalidation', 'contingency', 'return', 'special_operation'] as const;

export type CountKey = (typeof COUNT_KEYS)[number];

/** Documents held back in each declared contingency episode. */
export const DOCUMENTS_PER_CONTINGENCY = 2;

/** Extra attempts per count after MH rejections before the battery gives up on it. */
export const REJECTION_ALLOWANCE = 5;

/** The count a run aims at for a key: MH's minimum, or the sample limit when smaller. */
export function target(key: CountKey, sampleLimit: number | null): number {
  const minimum = key in DOCUMENT_MINIMUMS ? DOCUMENT_MINIMUMS[key] : EVENT_MINIMUMS[key as EventKind];
  return sampleLimit === null ? minimum : Math.min(minimum, sampleLimit);
}

/** The minimum MH requires for a key. */
export function minimum(key: CountKey): number {
  return key in DOCUMENT_MINIMUMS ? DOCUMENT_MINIMUMS[key] : EVENT_MINIMUMS[key as EventKind];
}

/** `01-007`, `invalidation-03`: an item's key from its count and ordinal (1-based). */
export function itemKey(key: CountKey, ordinal: number): string {
  return `${key}-${String(ordinal).padStart(3, '0')}`;
}

/** The Idempotency-Key of an item's request: the same on every rerun of the run. */
export function idempotencyKey(runId: string, item: string, step = 'issue'): string {
  return `cert:${runId}:${item}:${step}`;
}
