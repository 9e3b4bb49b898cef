import { nodemailer } from '../shared/lazy-library';
import { MailError, nodemailerMessage, type MailMessage, type MailResult, type Mailer } from '../../services/ports/mailer.port';

const ERROR_TEXT_MAX = 400;

/**
 * Real SMTP through nodemailer (`SMTP_URL`: `smtp://user:pass@host:587` with STARTTLS when offered,
 * `smtps://…` for implicit TLS). One pooled transport per process; errors are rewritten without
 * the URL or credentials.
 */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly options: Parameters<ReturnType<typeof nodemailer>['createTransport']>[0];
  /** Built on the first message, so a process that sends none never loads nodemailer. */
  private transport: ReturnType<ReturnType<typeof nodemailer>['createTransport']> | null = null;
  private readonly secrets: string[];

  constructor(smtpUrl: string, opts: { timeoutMs?: number } = {}) {
    const u = new URL(smtpUrl);
    this.secrets = [u.password, decodeURIComponent(u.password), u.username && u.password ? smtpUrl : ''].filter((s) => s.length >= 3);
    const timeout = opts.timeoutMs ?? 30_000;
    this.options = {
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port ? Number(u.port) : u.protocol === 'smtps:' ? 465 : 587,
      secure: u.protocol === 'smtps:',
      auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
      pool: true,
      maxConnections: 4,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    };
  }

  async send(m: MailMessage): Promise<MailResult> {
    try {
      this.transport ??= nodemailer().createTransport(this.options);
      const info = await this.transport.sendMail(nodemailerMessage(m));
      return { messageId: info.messageId, destination: 'smtp' };
    } catch (err) {
      throw this.describe(err);
    }
  }

  close(): void {
    this.transport?.close();
  }

  private describe(err: unknown): MailError {
    const e = err as { message?: string; code?: string; responseCode?: number; response?: string };
    let text = e.response ? `${e.responseCode ?? ''} ${e.response}` : `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`;
    for (const s of this.secrets) text = text.split(s).join('***');
    text = text.replace(/\s+/g, ' ').trim();
    if (text.length > ERROR_TEXT_MAX) text = `${text.slice(0, ERROR_TEXT_MAX - 1)}…`;
    const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
    return new MailError(`SMTP: ${text}`, permanent);
  }
}
