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
