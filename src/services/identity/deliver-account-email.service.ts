import { DEFAULT_RETRY_CAP_MS } from '../../domain/webhooks/retry-schedule';
import { MailError, type MailMessage } from '../ports/mailer.port';
import { AccountEmailEntity } from '../../persistence/entities';
import { DeliveryWorker, type DeliveryKind } from '../shared/delivery-worker';
import type { ServiceDeps } from '../shared/service-deps';
import { accountEmailAad } from './account-email-outbox';

/** How long a worker keeps an e-mail to itself while sending it. */
const LEASE_MS = 60_000;
const DRAIN_BUDGET = { maxRows: 25, maxMs: 5000 };

export type DeliverAccountEmailOutcome = 'sent' | 'retry_scheduled' | 'failed' | 'skipped';

/** One attempt of an account e-mail: the message id on success, the error otherwise. */
interface EmailAttempt {
  messageId: string | null;
  error: string;
}

/**
 * Sends one pending invitation or password-reset e-mail that is due (account-email-outbox.ts wrote
 * it), through the delivery worker (lease, attempt, back-off; ADR 0085). Success marks it `sent`; a
 * failure is retried with the document e-mails' policy (full-jitter back-off from EMAIL_RETRY_BASE_MS,
 * at most EMAIL_MAX_ATTEMPTS, a permanent 5xx refusal at once) and never past the link's expiry,
 * after which it is `failed`. The sealed message is erased when the e-mail ends either way. The
 * link is never logged.
 */
export class DeliverAccountEmailService {
  private readonly worker: DeliveryWorker<AccountEmailEntity, EmailAttempt>;

  constructor(
    private readonly deps: ServiceDeps,
    random: () => number = Math.random,
  ) {
    this.worker = new DeliveryWorker(deps, accountEmails(deps), random);
  }

  async execute(emailId: string): Promise<DeliverAccountEmailOutcome> {
    const outcome = await this.worker.execute(emailId);
    return outcome === 'succeeded' ? 'sent' : outcome;
  }

  /** Sends due e-mails whose job was lost or not yet run (recurring sweep, and after each job). */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return this.worker.drainDue(budget);
  }
}

const logOf = (e: AccountEmailEntity) => ({ email_id: e.id, kind: e.kind, user_id: e.userId });

/** Account e-mails as a delivery kind: their rows, their send, and how an outcome is recorded. */
function accountEmails(deps: ServiceDeps): DeliveryKind<AccountEmailEntity, EmailAttempt> {
  return {
    entity: AccountEmailEntity,
    describe: 'correo de la cuenta',
    logKey: 'email_id',
    leaseMs: () => LEASE_MS,
    retry: { baseMs: deps.config.mail.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS, maxAttempts: deps.config.mail.maxAttempts, deadline: (e) => e.linkExpiresAt },
    load: (em, id) => em.findOneOrFail(AccountEmailEntity, { id }),
    attemptsOf: (e) => e.attempts,
    refuseBeforeSending: (e, now) => (e.linkExpiresAt <= now || !e.sealedMessage ? 'El enlace del correo expiró antes de poder enviarlo; la persona debe pedir uno nuevo.' : null),
    abandon: async (em, fence, e, reason, at) => {
      await em.nativeUpdate(AccountEmailEntity, fence, { status: 'failed', leaseUntil: null, nextAttemptAt: null, lastError: reason, sealedMessage: null, updatedAt: at });
      deps.logger.warn({ ...logOf(e), attempts: e.attempts }, 'correo de la cuenta no enviado: el enlace expiró');
    },
    send: async (_em, email, attempt) => {
      try {
        const message = JSON.parse(deps.secrets.openText(email.sealedMessage!, accountEmailAad(email.id))) as Pick<MailMessage, 'subject' | 'text' | 'html'>;
        const sent = await deps.mailer.send({ ...message, from: deps.config.mail.from, to: [email.recipient], attachments: [] });
        deps.logger.info({ ...logOf(email), message_id: sent.messageId, destination: sent.destination }, 'correo de la cuenta enviado');
        return { ok: true, detail: { messageId: sent.messageId, error: '' } };
      } catch (err) {
        const error = err instanceof MailError ? err.message : `Error al preparar o enviar el correo: ${(err as Error).message}`;
        deps.logger.warn({ ...logOf(email), attempt, error }, 'envío del correo de la cuenta fallido');
        return { ok: false, permanent: err instanceof MailError && err.permanent, detail: { messageId: null, error } };
      }
    },
    record: async (em, fence, o) => {
      const { messageId, error } = o.result.detail;
      const n = await em.nativeUpdate(
        AccountEmailEntity,
        fence,
        o.outcome === 'succeeded'
          ? { status: 'sent', attempts: o.attempt, leaseUntil: null, nextAttemptAt: null, lastError: null, messageId, sealedMessage: null, sentAt: o.done, updatedAt: o.done }
          : o.outcome === 'failed'
            ? { status: 'failed', attempts: o.attempt, leaseUntil: null, nextAttemptAt: null, lastError: error, sealedMessage: null, updatedAt: o.done }
            : { status: 'pending', attempts: o.attempt, leaseUntil: null, nextAttemptAt: o.next, lastError: error, updatedAt: o.done },
      );
      return n > 0;
    },
    scheduleRetry: (id, at) =>
      deps.queue
        .enqueue('deliver-account-email', { emailId: id }, { runAt: at })
        .then(() => undefined)
        .catch((err) => deps.logger.warn({ err, email_id: id }, 'no se pudo encolar el reintento del correo de la cuenta; el barrido lo enviará')),
  };
}
