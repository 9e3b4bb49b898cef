import { SEALED_STATUSES } from '../../domain/documents';
import type { DocumentEmailEntity } from '../../persistence/entities';

/** Only documents with an MH seal are e-mailed (a voided one carries the ANULADO watermark). */
export const SENDABLE_STATUSES: readonly string[] = SEALED_STATUSES;

/** An e-mail as the API shows it (REST `document_email`, GraphQL `DocumentEmail`). */
export interface DocumentEmailView {
  id: string;
  documentId: string;
  status: string;
  to: string[];
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  messageId: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export function documentEmailView(e: DocumentEmailEntity): DocumentEmailView {
  return {
    id: e.id,
    documentId: e.documentId,
    status: e.status,
    to: e.recipients,
    attempts: e.attempts,
    nextAttemptAt: e.status === 'pending' ? e.nextAttemptAt : null,
    lastError: e.lastError,
    messageId: e.messageId,
    createdAt: e.createdAt,
    sentAt: e.sentAt,
  };
}
