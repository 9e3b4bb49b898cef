/** The `events[]` history types of a document. */
export type DocumentEventType =
  | 'created'
  | 'signed'
  | 'transmitted'
  | 'retry'
  | 'sealed'
  | 'rejected'
  | 'contingency'
  | 'error'
  | 'invalidation_requested'
  | 'invalidation_rejected'
  | 'voided'
  | 'email_sent'
  | 'email_failed'
  | 'corrected'
  | 'replaced';

/** The `transmitted` line written before each send of the signed document to MH (1 = first send, then resends). */
export const TRANSMITTED_MESSAGE = (send: number): string => (send === 1 ? 'Enviado al MH.' : `Reenviado al MH (envío ${send}) después de consultar su estado.`);
