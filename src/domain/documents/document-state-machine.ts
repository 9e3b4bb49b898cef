import type { DocumentEventType, DocumentOutboxEvent } from './document-event-type';
import type { DocumentStatus, StoredDocumentStatus } from './document-status';

/**
 * One status change of a stored document: the statuses it leaves from, the status it reaches, the
 * `events[]` line it writes and the webhook event it emits. Every move also notifies subscribers.
 */
export interface DocumentMove {
  readonly from: readonly StoredDocumentStatus[];
  readonly to: StoredDocumentStatus;
  readonly event: DocumentEventType;
  readonly outbox: DocumentOutboxEvent | null;
  /** The document enters (or leaves) the fiscal books: a closed period it touches gets `drift`. */
  readonly touchesBooks: boolean;
  /** Writes the receiver's issuance e-mail when the document asked for it (`send_email`). */
  readonly queuesIssuanceEmail: boolean;
}

const IN_TRANSMISSION = ['signed', 'sending', 'error', 'contingency'] as const;

const move = (m: Pick<DocumentMove, 'from' | 'to' | 'event' | 'outbox'> & Partial<DocumentMove>): DocumentMove => ({ touchesBooks: false, queuesIssuanceEmail: false, ...m });

/**
 * Every allowed status change (interface spec, "States and transitions"; decisions, "MH lifecycle").
 * A change not listed here cannot happen: the store applies a move only from its `from` statuses,
 * in the same statement that changes the row, so a late answer never overwrites a final state.
 */
export const DOCUMENT_MOVES = {
  /**
   * A transmitter takes the document for a send (a lease; an expired one is taken over). Contingency only
   * for a forced retry of a normally signed document. The `transmitted` line goes with the claim when it
   * sends at once; after an earlier send MH is asked first, and the line is written before the resend.
   */
  transmit: move({ from: IN_TRANSMISSION, to: 'sending', event: 'transmitted', outbox: null }),
  /** MH sealed it (transmission, query or lote). */
  seal: move({ from: IN_TRANSMISSION, to: 'processed', event: 'sealed', outbox: 'document.processed', touchesBooks: true, queuesIssuanceEmail: true }),
  /** MH rejected it. */
  reject: move({ from: IN_TRANSMISSION, to: 'rejected', event: 'rejected', outbox: 'document.rejected' }),
  /** No answer from MH after the resends: held for the contingency event. */
  hold: move({ from: ['signed', 'sending', 'error'], to: 'contingency', event: 'contingency', outbox: 'document.contingency' }),
  /** The transmitter cannot send at all (no MH credentials): the send it counted is taken back. */
  fail: move({ from: ['sending'], to: 'error', event: 'error', outbox: null }),
  /** `/retry` of a rejected document without a body: the same signed JSON goes again. */
  resend: move({ from: ['rejected'], to: 'signed', event: 'retry', outbox: null }),
  /** `/retry` of a rejected document with a corrected body within 24 h: rebuilt and signed again, same codes. */
  correct: move({ from: ['rejected'], to: 'signed', event: 'corrected', outbox: null }),
  /** MH sealed the invalidation event. */
  void: move({ from: ['processed'], to: 'voided', event: 'voided', outbox: 'document.voided', touchesBooks: true }),
} as const satisfies Record<string, DocumentMove>;

export type DocumentMoveName = keyof typeof DOCUMENT_MOVES;

export const DOCUMENT_MOVE_NAMES = Object.keys(DOCUMENT_MOVES) as DocumentMoveName[];

/** The moves that take a document from `from` to `to` (none: the change is not allowed). */
export function movesBetween(from: DocumentStatus, to: DocumentStatus): DocumentMoveName[] {
  return DOCUMENT_MOVE_NAMES.filter((name) => DOCUMENT_MOVES[name].to === to && (DOCUMENT_MOVES[name].from as readonly string[]).includes(from));
}

export function canMove(from: DocumentStatus, to: DocumentStatus): boolean {
  return movesBetween(from, to).length > 0;
}

/** Whether `name` may leave `from`. */
export function moveAllowedFrom(name: DocumentMoveName, from: string): boolean {
  return (DOCUMENT_MOVES[name].from as readonly string[]).includes(from);
}

/**
 * How a document is born: issuance stores it numbered and signed, with these first `events[]` lines.
 * A sync issuance that transmits at once is born already claimed for its first send (`sending`); one
 * issued while MH is known to be unreachable is born held for the contingency event.
 */
export const DOCUMENT_BIRTHS = {
  signed: { events: ['created', 'signed'], outbox: null },
  sending: { events: ['created', 'signed', 'transmitted'], outbox: null },
  contingency: { events: ['created', 'signed', 'contingency'], outbox: 'document.contingency' },
} as const satisfies Record<string, { events: readonly DocumentEventType[]; outbox: DocumentOutboxEvent | null }>;

export type DocumentBirthStatus = keyof typeof DOCUMENT_BIRTHS;
