import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { DocumentEmailEntity } from '../../persistence/entities';
import { sql } from '../shared/sql';

/** Agenda job that sends one e-mail (payload: emailId). */
export const DELIVER_DOCUMENT_EMAIL_JOB = 'deliver-document-email';

/** Only documents with an MH seal are e-mailed (a voided one carries the ANULADO watermark). */
export const SENDABLE_STATUSES: readonly string[] = ['processed', 'voided'];

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

/**
 * The one place where issuance's `send_email: true` takes effect: in the transaction that moves a
 * document to `processed`, a pending e-mail to the receiver's address is written when the document
 * asked for it, has a receiver e-mail and has no issuance e-mail yet. Returns its id (or null).
 */
export async function queueIssuanceEmail(tx: EntityManager, documentId: string, at: Date): Promise<string | null> {
  const id = newId(IdPrefix.documentEmail, at.getTime());
  const rows = await sql<{ id: string }>(
    tx,
    `insert into document_emails (id, document_id, account_id, environment, source, recipients, status, attempts, next_attempt_at, created_at, updated_at)
     select ?, d.id, d.account_id, d.environment, 'issuance', jsonb_build_array(d.receiver_email), 'pending', 0, ?, ?, ?
       from documents d
      where d.id = ? and d.send_email and coalesce(d.receiver_email, '') <> ''
        and not exists (select 1 from document_emails e where e.document_id = d.id and e.source = 'issuance')
     returning id`,
    [id, at, at, at, documentId],
  );
  return rows[0]?.id ?? null;
}
