/** A message as the services build it; adapters turn it into RFC 5322 and deliver it. */
export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailResult {
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  /** Where it went, for logs (`smtp` or the path of the `.eml` file). */
  destination: string;
}

/** Sends e-mail. Throws `MailError` when the message was not accepted. */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** A delivery failure whose text is safe to store and show (never the SMTP credentials). */
export class MailError extends Error {
  constructor(
    message: string,
    /** The server answered with a permanent 5xx refusal. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** The message as nodemailer's `sendMail` takes it (shared by the SMTP and file transports). */
export function nodemailerMessage(m: MailMessage) {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  };
}
