import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { MailMessage } from '../ports/mailer.port';
import { AccountEmailEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/** Binds a sealed message to its row: a message copied onto another row does not open. */
export function accountEmailAad(id: string): string {
  return `account_email:${id}`;
}

export interface QueuedAccountEmail {
  id: string;
}

/**
 * Writes an invitation or password-reset e-mail `pending`, inside the transaction that issued its
 * link, so the e-mail exists exactly when the link does and survives a failed send or a restart
 * (DeliverAccountEmailService sends and retries it). The message is sealed: it holds the link.
 */
export async function queueAccountEmail(
  deps: ServiceDeps,
  tx: EntityManager,
  e: { accountId: string; userId: string; kind: 'invitation' | 'password_reset' | 'security_notice' | 'recurring_failure'; message: MailMessage; linkExpiresAt: Date; now: Date },
): Promise<QueuedAccountEmail> {
  const id = newId(IdPrefix.accountEmail, e.now.getTime());
  const sealed = deps.secrets.seal(JSON.stringify({ subject: e.message.subject, text: e.message.text, html: e.message.html }), accountEmailAad(id));
  tx.create(AccountEmailEntity, {
    id,
    accountId: e.accountId,
    userId: e.userId,
    kind: e.kind,
    recipient: e.message.to[0],
    sealedMessage: sealed,
    linkExpiresAt: e.linkExpiresAt,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: e.now,
    leaseUntil: null,
    lastError: null,
    messageId: null,
    createdAt: e.now,
    updatedAt: e.now,
    sentAt: null,
  });
  await tx.flush();
  return { id };
}

/** How long a security notice (no link in it) is worth trying to deliver. */
const NOTICE_DELIVERY_MS = 24 * 60 * 60_000;

/**
 * A security notice to a user (an account locked after failed logins, a password or e-mail changed, a
 * second factor turned on or off): queued like the link e-mails, in the transaction of the change, and
 * tried for a day.
 */
export function queueSecurityNotice(deps: ServiceDeps, tx: EntityManager, e: { accountId: string; userId: string; message: MailMessage; now: Date }): Promise<QueuedAccountEmail> {
  return queueAccountEmail(deps, tx, { ...e, kind: 'security_notice', linkExpiresAt: new Date(e.now.getTime() + NOTICE_DELIVERY_MS) });
}

/**
 * After the commit: asks a worker to send it now, without holding the request (the answer never
 * depends on delivery, so a reset request takes as long for an unknown e-mail as for a known one).
 * A lost job is no loss: the sweep sends every due e-mail.
 */
export function deliverSoon(deps: ServiceDeps, queued: QueuedAccountEmail): void {
  void deps.queue
    .enqueue('deliver-account-email', { emailId: queued.id })
    .catch((err: Error) => deps.logger.warn({ error: err.message, email_id: queued.id }, 'no se pudo encolar el correo de la cuenta; el barrido lo enviará'));
}

/**
 * Gives up the e-mails of a user still waiting to go out (an invitation revoked before its e-mail
 * was sent): `failed`, the sealed message with the dead link erased, never sent.
 */
export async function cancelPendingAccountEmails(tx: EntityManager, userId: string, at: Date, reason: string): Promise<void> {
  await sql(tx, `update account_emails set status = 'failed', sealed_message = null, lease_until = null, last_error = ?, updated_at = ? where user_id = ? and status = 'pending'`, [reason, at, userId]);
}
