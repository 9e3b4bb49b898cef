/**
 * The 2026 events the service issues like documents: the return event (CAT-002 18) against an FE,
 * FEX or FSE, and the special-operations event (17) of an issuer. One list of their statuses.
 */
export const DTE_EVENT_KINDS = ['return', 'special_operation'] as const;
export type DteEventKind = (typeof DTE_EVENT_KINDS)[number];

/** CAT-002 code of each kind. */
export const DTE_EVENT_TYPE_CODE: Readonly<Record<DteEventKind, '17' | '18'>> = { return: '18', special_operation: '17' };

/** Schema version of each kind (fe-eret-v1, fe-eop-v1). */
export const DTE_EVENT_VERSION = 1;

/**
 * `pending`: signed and stored, MH has not answered yet (the transmission goes on: 202);
 * `sealed`: MH's seal (200); `rejected`: MH refused it, with its answer in `mh_response` (200).
 */
export const DTE_EVENT_STATUSES = ['pending', 'sealed', 'rejected'] as const;
export type DteEventStatus = (typeof DTE_EVENT_STATUSES)[number];

/** Webhook event each kind emits when MH seals it. */
export const DTE_EVENT_WEBHOOK: Readonly<Record<DteEventKind, 'document.returned' | 'special_operation.processed'>> = {
  return: 'document.returned',
  special_operation: 'special_operation.processed',
};
