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
 * `insert … select` of the issuance e-mail from a documents row set named `alias` (four parameters:
 * id, next_attempt_at, created_at, updated_at). Shared by `queueIssuanceEmail` and the one-statement
 * status change.
 */
export const ISSUANCE_EMAIL_INSERT = (alias: string) => `insert into document_emails (id, document_id, account_id, environment, source, recipients, status, attempts, next_attempt_at, created_at, updated_at)
     select ?, ${alias}.id, ${alias}.account_id, ${alias}.environment, 'issuance', jsonb_build_array(${alias}.receiver_email), 'pending', 0, ?::timestamptz, ?::timestamptz, ?::timestamptz
       from ${alias}
      where ${alias}.send_email and coalesce(${alias}.receiver_email, '') <> ''
        and not exists (select 1 from document_emails e where e.document_id = ${alias}.id and e.source = 'issuance')`;

/**
 * The one place where issuance's `send_email: true` takes effect: in the transaction that moves a
 * document to `processed`, a pending e-mail to the receiver's address is written when the document
 * asked for it, has a receiver e-mail and has no issuance e-mail yet. Returns its id (or null).
 */
export async function queueIssuanceEmail(tx: EntityManager, documentId: string, at: Date): Promise<string | null> {
  const id = newId(IdPrefix.documentEmail, at.getTime());
  const rows = await sql<{ id: string }>(
    tx,
    `with d as (select id, account_id, environment, send_email, receiver_email from documents where id = ?)
     ${ISSUANCE_EMAIL_INSERT('d')}
     returning id`,
    [documentId, id, at, at, at],
  );
  return rows[0]?.id ?? null;
}
