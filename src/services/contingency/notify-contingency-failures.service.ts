import { MailError } from '../ports/mailer.port';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { contingencyFailureMail } from './contingency-failure-mail';

/** An e-mail that keeps failing stops being retried after this many runs (the webhook event went out regardless). */
const MAX_EMAIL_ATTEMPTS = 20;

/**
 * E-mails the account's owners when MH refused a contingency event. The refusal marks the episode
 * `failure_email_pending` in the transaction that fails it (with its `contingency.failed` event), so
 * the e-mail survives a failed send or a restart: every run of the recovery job sends the pending ones
 * and marks them sent; a send that fails is tried again on the next run. A later refusal of the same
 * episode (after a retry re-armed it) marks it pending again.
 */
export class NotifyContingencyFailuresService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<{ sent: number; failed: number }> {
    const em = this.deps.orm.em.fork();
    const episodes = this.deps.contingencies;
    const pending = await episodes.pendingFailureEmails(MAX_EMAIL_ATTEMPTS, 20);
    let sent = 0;
    let failed = 0;
    for (const n of pending) {
      const owners = await sql<{ email: string }>(em, `select email from users where account_id = ? and role = 'owner' order by email`, [n.account_id]);
      if (!owners.length) {
        await episodes.recordFailureEmail(n.id, { sent: false, error: 'La cuenta no tiene propietarios a quienes avisar.', giveUp: true });
        continue;
      }
      try {
        await this.deps.mailer.send({ from: this.deps.config.mail.from, to: owners.map((o) => o.email), attachments: [], ...contingencyFailureMail(n) });
        await episodes.recordFailureEmail(n.id, { sent: true });
        sent++;
      } catch (err) {
        const message = err instanceof MailError ? err.message : 'Error al enviar el correo.';
        await episodes.recordFailureEmail(n.id, { sent: false, error: message, giveUp: false });
        this.deps.logger.warn({ episode: n.id, error: message }, 'aviso de evento de contingencia rechazado no enviado; se reintenta en la próxima pasada');
        failed++;
      }
    }
    return { sent, failed };
  }
}
