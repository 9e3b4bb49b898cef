/**
 * The one list of document statuses (interface spec, "States and transitions"). GraphQL's enum, the
 * REST resource and list filter, the fiscal ledger, the PDF and the store all read it from here.
 */
export const DOCUMENT_STATUSES = ['draft', 'validated', 'signed', 'sending', 'processed', 'rejected', 'contingency', 'voided', 'error'] as const;

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'string' && (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * Statuses a stored document can have. `draft` and `validated` exist only in answers (a dry run is
 * `validated`); nothing is stored before it is numbered and signed.
 */
export const STORED_STATUSES = ['signed', 'sending', 'processed', 'rejected', 'contingency', 'voided', 'error'] as const satisfies readonly DocumentStatus[];

export type StoredDocumentStatus = (typeof STORED_STATUSES)[number];

/** MH has answered for good: no transmission changes these any more. */
export const FINAL_STATUSES = ['processed', 'rejected', 'voided'] as const satisfies readonly DocumentStatus[];

/** The document carries MH's seal (it can be e-mailed; a voided one with the ANULADO watermark). */
export const SEALED_STATUSES = ['processed', 'voided'] as const satisfies readonly DocumentStatus[];

/** MH refused it or it was invalidated: the document has no effect (a note in one of these no longer holds its CCF). */
export const WITHOUT_EFFECT_STATUSES = ['rejected', 'voided'] as const satisfies readonly DocumentStatus[];

/** Stored and on its way to MH, neither sealed nor refused yet: the books record it without the seal. */
export const AWAITING_SEAL_STATUSES = ['signed', 'sending', 'contingency'] as const satisfies readonly DocumentStatus[];

/** The document stands: sealed and not voided, or awaiting its seal (a CR in one of these withholds). */
export const STANDING_STATUSES = ['processed', ...AWAITING_SEAL_STATUSES] as const satisfies readonly DocumentStatus[];

/**
 * What a period's books read: the standing documents and the voided ones (a void is left out or
 * reversed by the report's `voids` rule). Rejected and `error` documents never enter them.
 */
export const BOOKED_STATUSES = [...STANDING_STATUSES, 'voided'] as const satisfies readonly DocumentStatus[];

/** Waiting for a transmitter: the reconciler picks these up when no lease is live. */
export const AWAITING_TRANSMISSION_STATUSES = ['signed', 'sending'] as const satisfies readonly DocumentStatus[];

export function isOneOf<S extends DocumentStatus>(status: string, list: readonly S[]): status is S {
  return (list as readonly string[]).includes(status);
}
