import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nodemailer } from '../shared/lazy-library';
import { MailError, nodemailerMessage, type MailMessage, type MailResult, type Mailer } from '../../services/ports/mailer.port';

/**
 * The embedded default (no `SMTP_URL`): each message is built as RFC 822 text by nodemailer's
 * stream transport and written to `DATA_DIR/outbox/<message id>.eml` (a temporary name first, then
 * renamed, so a reader never sees half a file). Open them with any mail client.
 */
export class FileOutboxMailer implements Mailer {
  readonly kind = 'file' as const;
  /** Built on the first message, so a process that sends none never loads nodemailer. */
  private transport: ReturnType<ReturnType<typeof nodemailer>['createTransport']> | null = null;

  constructor(readonly directory: string) {}

  async send(m: MailMessage): Promise<MailResult> {
    try {
      this.transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows', disableFileAccess: true, disableUrlAccess: true });
      const info = await this.transport.sendMail(nodemailerMessage(m));
      const bytes = info.message as Buffer;
      await mkdir(this.directory, { recursive: true });
      const name = `${fileNameOf(info.messageId)}.eml`;
      const final = join(this.directory, name);
      const tmp = join(this.directory, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, final);
      return { messageId: info.messageId, destination: final };
    } catch (err) {
      throw new MailError(`No se pudo escribir el mensaje en ${this.directory}: ${(err as Error).message}`, false);
    }
  }

  close(): void {
    this.transport?.close();
  }
}

/** `<abc@host>` → `abc@host`, with anything unsafe in a file name replaced. */
export function fileNameOf(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 200) || randomBytes(8).toString('hex');
}
