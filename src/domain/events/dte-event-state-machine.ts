import type { StatusMove } from '../shared/state-machine';

/**
 * A return (CAT-002 18) or special-operations event (17): `pending` (signed and stored, MH has not
 * answered: 202) → `sealed` (200) | `rejected` (MH's answer in `mh_response`, 200); a sealed event
 * invalidated at MH becomes `voided`. The one list of its statuses and the only changes between them.
 */
export const DTE_EVENT_STATUSES = ['pending', 'sealed', 'rejected', 'voided'] as const;
export type DteEventStatus = (typeof DTE_EVENT_STATUSES)[number];

export const DTE_EVENT_BIRTH = 'pending' satisfies DteEventStatus;

export const DTE_EVENT_MOVES = {
  /** MH sealed it (transmission or query). */
  seal: { from: ['pending'], to: 'sealed' },
  /** MH refused it. */
  reject: { from: ['pending'], to: 'rejected' },
  /** MH sealed the invalidation of a sealed event. */
  void: { from: ['sealed'], to: 'voided' },
} as const satisfies Record<string, StatusMove<DteEventStatus>>;

export type DteEventMoveName = keyof typeof DTE_EVENT_MOVES;

/**
 * The events that stand: sealed, or awaiting MH. A return among them counts against the document's
 * returnable quantities and keeps the document from being invalidated.
 */
export const STANDING_DTE_EVENT_STATUSES = ['pending', 'sealed'] as const satisfies readonly DteEventStatus[];
