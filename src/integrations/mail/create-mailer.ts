import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import { FileOutboxMailer } from './file-outbox-mailer';
import type { Mailer } from '../../services/ports/mailer.port';
import { SmtpMailer } from './smtp-mailer';

/** `SMTP_URL` set: real SMTP; unset: `.eml` files in `DATA_DIR/outbox/`. */
export function createMailer(config: AppConfig): Mailer {
  return config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl) : new FileOutboxMailer(join(config.dataDir, 'outbox'));
}
