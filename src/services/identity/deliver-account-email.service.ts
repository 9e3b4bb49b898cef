import { DEFAULT_RETRY_CAP_MS, retryDelayMs } from '../../domain/webhooks/retry-schedule';
import { MailError, type MailMessage } from '../../integrations/mail/mailer.port';
import { AccountEmailEntity } from '../../persistence/entities';
import { drainDue } from '../shared/drain-due';
import type { ServiceDeps } from '../shared/service-deps';
import { accountEmailAad } from './account-email-outbox';

/** How long a worker keeps an e-mail to itself while sending it. */
const LEASE_MS = 60_000;
const DRAIN_BUDGET = { maxRows: 25, maxMs: 5000 };

export type DeliverAccountEmailOutcome = 'sent' | 'retry_scheduled' | 'failed' | 'skipped';

/**
 * Sends one pending invitation or password-reset e-mail that is due (account-email-outbox.ts wrote
 * it). Success marks it `sent`; a failure schedules the next attempt with the document e-mails'
 * policy (full-jitter back-off from EMAIL_RETRY_BASE_MS, at most EMAIL_MAX_ATTEMPTS, a permanent 5xx
 * refusal at once) and never past the link's expiry, after which it is `failed`. The sealed message
 * is erased when the e-mail ends either way. Safe to run twice: the row is leased, and results are
 * written only while the lease is still ours. The link is never logged.
 */
export class DeliverAccountEmailService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly random: () => number = Math.random,
  ) {}

  async execute(emailId: string): Promise<DeliverAccountEmailOutcome> {
    if (typeof emailId !== 'string' || emailId.length > 64) return 'skipped';
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimed = await em.nativeUpdate(
      AccountEmailEntity,
      { id: emailId, status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
      { leaseUntil: lease, updatedAt: now },
    );
    if (!claimed) return 'skipped';
    const email = await em.findOneOrFail(AccountEmailEntity, { id: emailId });
    const fence = { id: email.id, leaseUntil: lease };
    const log = { email_id: email.id, kind: email.kind, user_id: email.userId };
    if (email.linkExpiresAt <= now || !email.sealedMessage) {
      const error = 'El enlace del correo expiró antes de poder enviarlo; la persona debe pedir uno nuevo.';
      await em.nativeUpdate(AccountEmailEntity, fence, { status: 'failed', leaseUntil: null, nextAttemptAt: null, lastError: error, sealedMessage: null, updatedAt: now });
      this.deps.logger.warn({ ...log, attempts: email.attempts }, 'correo de la cuenta no enviado: el enlace expiró');
      return 'failed';
    }
    const attempt = email.attempts + 1;
    let messageId: string | null = null;
    let error = '';
    let permanent = false;
    try {
      const message = JSON.parse(this.deps.secrets.openText(email.sealedMessage, accountEmailAad(email.id))) as Pick<MailMessage, 'subject' | 'text' | 'html'>;
      const sent = await this.deps.mailer.send({ ...message, from: this.deps.config.mail.from, to: [email.recipient], attachments: [] });
      messageId = sent.messageId;
      this.deps.logger.info({ ...log, message_id: sent.messageId, destination: sent.destination }, 'correo de la cuenta enviado');
    } catch (err) {
      permanent = err instanceof MailError && err.permanent;
      error = err instanceof MailError ? err.message : `Error al preparar o enviar el correo: ${(err as Error).message}`;
      this.deps.logger.warn({ ...log, attempt, error }, 'envío del correo de la cuenta fallido');
    }

    const done = this.deps.clock.now();
    if (messageId) {
      const n = await em.nativeUpdate(AccountEmailEntity, fence, { status: 'sent', attempts: attempt, leaseUntil: null, nextAttemptAt: null, lastError: null, messageId, sealedMessage: null, sentAt: done, updatedAt: done });
      return n ? 'sent' : 'skipped';
    }
    const next = new Date(done.getTime() + Math.max(1, retryDelayMs(attempt, { baseMs: this.deps.config.mail.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS }, this.random)));
    const giveUp = permanent || attempt >= this.deps.config.mail.maxAttempts || next >= email.linkExpiresAt;
    const n = await em.nativeUpdate(
      AccountEmailEntity,
      fence,
      giveUp
        ? { status: 'failed', attempts: attempt, leaseUntil: null, nextAttemptAt: null, lastError: error, sealedMessage: null, updatedAt: done }
        : { status: 'pending', attempts: attempt, leaseUntil: null, nextAttemptAt: next, lastError: error, updatedAt: done },
    );
    if (!n) return 'skipped';
    if (giveUp) return 'failed';
    await this.deps.queue
      .enqueue('deliver-account-email', { emailId: email.id }, { runAt: next })
      .catch((err) => this.deps.logger.warn({ err, email_id: email.id }, 'no se pudo encolar el reintento del correo de la cuenta; el barrido lo enviará'));
    return 'retry_scheduled';
  }

  /** Sends due e-mails whose job was lost or not yet run (recurring sweep, and after each job). */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return drainDue(this.deps, AccountEmailEntity, (id) => this.execute(id), budget);
  }
}
