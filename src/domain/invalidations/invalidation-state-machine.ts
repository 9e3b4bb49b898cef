import type { StatusMove } from '../shared/state-machine';

/**
 * An invalidation event of a document (invalidacion-schema v3): `pending` (signed, MH not reached or
 * not answered yet) → `sealed` (the document is then `voided`) | `rejected` (the document stays
 * processed). The one list of its statuses and the only changes between them; the document's own
 * copy (`documents.void.status`) is written from the same move (ADR 0084).
 */
export const INVALIDATION_STATUSES = ['pending', 'sealed', 'rejected'] as const;
export type InvalidationStatus = (typeof INVALIDATION_STATUSES)[number];

export const INVALIDATION_BIRTH = 'pending' satisfies InvalidationStatus;

export const INVALIDATION_MOVES = {
  /** MH sealed the event. */
  seal: { from: ['pending'], to: 'sealed' },
  /** MH refused it (or already had its generation code). */
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, StatusMove<InvalidationStatus>>;

export type InvalidationMoveName = keyof typeof INVALIDATION_MOVES;
