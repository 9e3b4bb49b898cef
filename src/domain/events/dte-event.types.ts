/**
 * The 2026 events the service issues like documents: the return event (CAT-002 18) against an FE,
 * FEX or FSE, and the special-operations event (17) of an issuer.
 */
export const DTE_EVENT_KINDS = ['return', 'special_operation'] as const;
export type DteEventKind = (typeof DTE_EVENT_KINDS)[number];

/** CAT-002 code of each kind. */
export const DTE_EVENT_TYPE_CODE: Readonly<Record<DteEventKind, '17' | '18'>> = { return: '18', special_operation: '17' };

/** Schema version of each kind (fe-eret-v1, fe-eop-v1). */
export const DTE_EVENT_VERSION = 1;

/** Their statuses and moves: dte-event-state-machine.ts. */
export { DTE_EVENT_STATUSES, type DteEventStatus } from './dte-event-state-machine';

/** Webhook event each kind emits when MH seals it. */
export const DTE_EVENT_WEBHOOK: Readonly<Record<DteEventKind, 'document.returned' | 'special_operation.processed'>> = {
  return: 'document.returned',
  special_operation: 'special_operation.processed',
};

/** Webhook event each kind emits when MH seals its invalidation (the event is then `voided`). */
export const DTE_EVENT_VOID_WEBHOOK: Readonly<Record<DteEventKind, 'document.return_voided' | 'special_operation.voided'>> = {
  return: 'document.return_voided',
  special_operation: 'special_operation.voided',
};
