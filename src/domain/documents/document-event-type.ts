/**
 * The types of a document's `events[]` lines (decisions, "Documents"): the one list; the state
 * machine says which status change writes which, the other lines record what happened without one.
 */
export const DOCUMENT_EVENT_TYPES = [
  'created',
  'signed',
  'transmitted',
  'retry',
  'sealed',
  'rejected',
  'contingency',
  'error',
  'invalidation_requested',
  'invalidation_rejected',
  'voided',
  'email_sent',
  'email_failed',
  'corrected',
  'replaced',
] as const;

export type DocumentEventType = (typeof DOCUMENT_EVENT_TYPES)[number];

/** The `transmitted` line written before each send of the signed document to MH (1 = first send, then resends). */
export const TRANSMITTED_MESSAGE = (send: number): string => (send === 1 ? 'Enviado al MH.' : `Reenviado al MH (envío ${send}) después de consultar su estado.`);

/** The webhook events a document emits (interface spec, "Events"). */
export const DOCUMENT_OUTBOX_EVENTS = ['document.processed', 'document.rejected', 'document.contingency', 'document.voided', 'document.delivered'] as const;

export type DocumentOutboxEvent = (typeof DOCUMENT_OUTBOX_EVENTS)[number];
