import { daysLeft, expiryNoticeId, reachedThresholds } from '../../domain/credentials/expiry-notice';
import { MailError } from '../ports/mailer.port';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { expiryMail } from './credential-expiry-mail';

interface DueRow {
  credential_id: string;
  account_id: string;
  emitter_id: string;
  emitter_name: string;
  emitter_nit: string;
  environment: string;
  valid_until: Date;
}

interface PendingMail {
  id: string;
  account_id: string;
  emitter_name: string;
  emitter_nit: string;
  environment: string;
  valid_until: Date;
  days_left: number;
  email_attempts: number;
}

/** An e-mail that keeps failing stops being retried after this many runs (the webhook event went out regardless). */
const MAX_EMAIL_ATTEMPTS = 20;

export interface ExpiryNoticeRun {
  announced: number;
  emailsSent: number;
  emailsFailed: number;
}

/**
 * Announces certificates about to expire, per emitter and environment: 30 and 7 days ahead, a
 * `credential.expiring` webhook event and an e-mail to the account's owners. Each notice is a row
 * whose id names the credential, the threshold and the certificate's end, inserted with the outbox
 * event in one transaction (`on conflict do nothing`): however often the job runs, and whichever
 * process runs it, each threshold is announced once. The e-mails go out after, and a notice whose
 * e-mail failed is sent again by the next run.
 */
export class NotifyExpiringCredentialsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<ExpiryNoticeRun> {
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const due = await sql<DueRow>(
      em,
      `select c.id as credential_id, e.account_id, e.id as emitter_id, e.name as emitter_name, e.nit as emitter_nit, c.environment, c.certificate_valid_until as valid_until
         from emitter_credentials c join emitters e on e.id = c.emitter_id
        where c.certificate_valid_until > ? and c.certificate_valid_until <= ?`,
      [now, new Date(now.getTime() + 31 * 86_400_000)],
    );
    let announced = 0;
    for (const row of due) {
      const validUntil = new Date(row.valid_until);
      const reached = reachedThresholds(validUntil, now);
      if (!reached.length) continue;
      const left = daysLeft(validUntil, now);
      const won = await em.transactional(async (tx) => {
        const [first] = await sql<{ id: string }>(
          tx,
          `insert into credential_expiry_notices (id, credential_id, account_id, emitter_id, environment, threshold, valid_until, days_left, announced, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, true, ?) on conflict (id) do nothing returning id`,
          [expiryNoticeId(row.credential_id, reached[0], validUntil), row.credential_id, row.account_id, row.emitter_id, row.environment, reached[0], validUntil, left, now],
        );
        for (const passed of reached.slice(1)) {
          await sql(
            tx,
            `insert into credential_expiry_notices (id, credential_id, account_id, emitter_id, environment, threshold, valid_until, days_left, announced, created_at)
             values (?, ?, ?, ?, ?, ?, ?, ?, false, ?) on conflict (id) do nothing`,
            [expiryNoticeId(row.credential_id, passed, validUntil), row.credential_id, row.account_id, row.emitter_id, row.environment, passed, validUntil, left, now],
          );
        }
        if (!first) return false;
        await insertOutboxEvent(tx, {
          accountId: row.account_id,
          environment: row.environment,
          type: 'credential.expiring',
          subjectId: row.credential_id,
          data: { object: 'credential', emitter_id: row.emitter_id, environment: row.environment, expires_at: validUntil.toISOString(), days_left: left, threshold_days: reached[0] },
          at: now,
        });
        return true;
      });
      if (won) announced++;
    }
    if (announced) this.deps.outbox.kick();
    const mail = await this.sendPendingEmails(now);
    return { announced, ...mail };
  }

  /** E-mails of announced notices not sent yet, one per notice to every owner of the account. */
  private async sendPendingEmails(now: Date): Promise<{ emailsSent: number; emailsFailed: number }> {
    const em = this.deps.orm.em.fork();
    const pending = await sql<PendingMail>(
      em,
      `select n.id, n.account_id, e.name as emitter_name, e.nit as emitter_nit, n.environment, n.valid_until, n.days_left, n.email_attempts
         from credential_expiry_notices n join emitters e on e.id = n.emitter_id
        where n.announced and n.email_sent_at is null and n.email_attempts < ? order by n.created_at limit 100`,
      [MAX_EMAIL_ATTEMPTS],
    );
    let emailsSent = 0;
    let emailsFailed = 0;
    for (const n of pending) {
      const owners = await sql<{ email: string }>(em, `select email from users where account_id = ? and role = 'owner' order by email`, [n.account_id]);
      if (!owners.length) {
        await sql(em, 'update credential_expiry_notices set email_sent_at = ?, email_error = ? where id = ?', [now, 'La cuenta no tiene propietarios a quienes avisar.', n.id]);
        continue;
      }
      try {
        await this.deps.mailer.send({ from: this.deps.config.mail.from, to: owners.map((o) => o.email), attachments: [], ...expiryMail({ ...n, valid_until: new Date(n.valid_until) }) });
        await sql(em, 'update credential_expiry_notices set email_sent_at = ?, email_attempts = email_attempts + 1, email_error = null where id = ?', [now, n.id]);
        emailsSent++;
      } catch (err) {
        const message = err instanceof MailError ? err.message : 'Error al enviar el correo.';
        await sql(em, 'update credential_expiry_notices set email_attempts = email_attempts + 1, email_error = ? where id = ?', [message, n.id]);
        this.deps.logger.warn({ notice_id: n.id, error: message }, 'aviso de vencimiento de certificado no enviado; se reintenta en la próxima pasada');
        emailsFailed++;
      }
    }
    return { emailsSent, emailsFailed };
  }
}
