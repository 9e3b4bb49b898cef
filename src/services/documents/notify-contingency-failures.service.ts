import { MailError } from '../../integrations/mail/mailer.port';
import { episodeDocumentCountSql } from '../../persistence/documents/document-queries';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { contingencyFailureMail } from './contingency-failure-mail';

interface PendingFailure {
  id: string;
  account_id: string;
  emitter_name: string;
  emitter_nit: string;
  environment: string;
  last_error: string | null;
  documents_held: number;
}

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
    const pending = await sql<PendingFailure>(
      em,
      `select c.id, c.account_id, e.name as emitter_name, e.nit as emitter_nit, c.environment, c.last_error,
              ${episodeDocumentCountSql('c', true)} as documents_held
         from contingency_episodes c join emitters e on e.id = c.emitter_id
        where c.failure_email_pending and c.failure_email_attempts < ? order by c.updated_at limit 20`,
      [MAX_EMAIL_ATTEMPTS],
    );
    let sent = 0;
    let failed = 0;
    for (const n of pending) {
      const owners = await sql<{ email: string }>(em, `select email from users where account_id = ? and role = 'owner' order by email`, [n.account_id]);
      if (!owners.length) {
        await sql(em, 'update contingency_episodes set failure_email_pending = false, failure_email_error = ? where id = ?', ['La cuenta no tiene propietarios a quienes avisar.', n.id]);
        continue;
      }
      try {
        await this.deps.mailer.send({ from: this.deps.config.mail.from, to: owners.map((o) => o.email), attachments: [], ...contingencyFailureMail(n) });
        await sql(em, 'update contingency_episodes set failure_email_pending = false, failure_email_attempts = failure_email_attempts + 1, failure_email_error = null where id = ?', [n.id]);
        sent++;
      } catch (err) {
        const message = err instanceof MailError ? err.message : 'Error al enviar el correo.';
        await sql(em, 'update contingency_episodes set failure_email_attempts = failure_email_attempts + 1, failure_email_error = ? where id = ?', [message, n.id]);
        this.deps.logger.warn({ episode: n.id, error: message }, 'aviso de evento de contingencia rechazado no enviado; se reintenta en la próxima pasada');
        failed++;
      }
    }
    return { sent, failed };
  }
}
