import { drainDue } from '../shared/drain-due';
import { DEFAULT_RETRY_CAP_MS, retryDelayMs } from '../../domain/webhooks/retry-schedule';
import { MailError, type MailMessage } from '../../integrations/mail/mailer.port';
import { catalogName } from '../../integrations/pdf/dte-view';
import { CatalogCode } from '../../domain/catalog/catalogs';
import { DocumentEmailEntity } from '../../persistence/entities';
import type { SignedDocumentRow } from '../../persistence/documents/document-row';
import type { ServiceDeps } from '../shared/service-deps';
import { publicQueryUrl } from '../../domain/documents';
import type { DocumentPdfRenderer } from './document-pdf';
import { archivoDte } from './get-document-json.service';

/** How long a worker keeps an e-mail to itself while rendering and sending it. */
const LEASE_MS = 90_000;
const DRAIN_BUDGET = { maxRows: 25, maxMs: 5000 };

export type DeliverEmailOutcome = 'sent' | 'retry_scheduled' | 'failed' | 'skipped';

/**
 * Sends one pending e-mail that is due: renders the PDF, attaches it with the JSON (`archivoDte`),
 * and on success, in one transaction, marks it `sent`, appends `email_sent` to the document's
 * `events[]` and writes the `document.delivered` outbox event. A failure appends `email_failed`
 * and schedules the next attempt (full-jitter exponential back-off from EMAIL_RETRY_BASE_MS, capped
 * at 1 h) until EMAIL_MAX_ATTEMPTS, then the e-mail is `failed`. Safe to run twice: the row is
 * leased, and results are written only while the lease is still ours.
 */
export class DeliverDocumentEmailService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly renderer: DocumentPdfRenderer,
    private readonly random: () => number = Math.random,
  ) {}

  async execute(emailId: string): Promise<DeliverEmailOutcome> {
    if (typeof emailId !== 'string' || emailId.length > 64) return 'skipped';
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    const claimed = await em.nativeUpdate(
      DocumentEmailEntity,
      { id: emailId, status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
      { leaseUntil: lease, updatedAt: now },
    );
    if (!claimed) return 'skipped';
    const email = await em.findOneOrFail(DocumentEmailEntity, { id: emailId });
    const fence = { id: email.id, leaseUntil: lease };
    const attempt = email.attempts + 1;

    let messageId: string | null = null;
    let error: string;
    let permanent = false;
    try {
      const doc = await this.renderer.load(em, email.documentId);
      if (!doc) throw new MailError('El documento ya no existe.', true);
      const message = await this.compose(doc, email.recipients);
      const sent = await this.deps.mailer.send(message);
      messageId = sent.messageId;
      this.deps.logger.info({ email_id: email.id, document_id: doc.id, message_id: sent.messageId, destination: sent.destination }, 'documento enviado por correo');
      error = '';
    } catch (err) {
      permanent = err instanceof MailError && err.permanent;
      error = err instanceof MailError ? err.message : `Error al preparar o enviar el correo: ${(err as Error).message}`;
      this.deps.logger.warn({ email_id: email.id, document_id: email.documentId, attempt, error }, 'envío por correo fallido');
    }

    const done = this.deps.clock.now();
    const to = email.recipients.join(', ');
    if (messageId) {
      const documents = this.deps.documents;
      const written = await documents.transaction(async (tx) => {
        const n = await tx.em.nativeUpdate(DocumentEmailEntity, fence, { status: 'sent', attempts: attempt, leaseUntil: null, nextAttemptAt: null, lastError: null, messageId, sentAt: done, updatedAt: done });
        if (!n) return false;
        await documents.recordDelivered(tx, email.documentId, { email_id: email.id, to: email.recipients, message_id: messageId }, done);
        return true;
      }, em);
      if (!written) return 'skipped';
      return 'sent';
    }

    const giveUp = permanent || attempt >= this.deps.config.mail.maxAttempts;
    const next = giveUp ? null : new Date(done.getTime() + Math.max(1, retryDelayMs(attempt, { baseMs: this.deps.config.mail.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS }, this.random)));
    const message = giveUp
      ? `No se pudo enviar por correo a ${to} (intento ${attempt}, sin más reintentos): ${error}`
      : `Falló el envío por correo a ${to} (intento ${attempt}; se reintentará): ${error}`;
    const written = await em.transactional(async (tx) => {
      const n = await tx.nativeUpdate(DocumentEmailEntity, fence, { status: giveUp ? 'failed' : 'pending', attempts: attempt, leaseUntil: null, nextAttemptAt: next, lastError: error, updatedAt: done });
      if (!n) return false;
      await this.deps.documents.appendEvent(tx, email.documentId, 'email_failed', message, done, { email_id: email.id, to: email.recipients, attempt, final: giveUp, error });
      return true;
    });
    if (!written) return 'skipped';
    if (next) {
      await this.deps.queue
        .enqueue('deliver-document-email', { emailId: email.id }, { runAt: next })
        .catch((err) => this.deps.logger.warn({ err, email_id: email.id }, 'no se pudo encolar el reintento del correo; el barrido lo enviará'));
    }
    return giveUp ? 'failed' : 'retry_scheduled';
  }

  /** Sends due e-mails whose job was lost or not yet run (recurring sweep, and after each job). */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return drainDue(this.deps, DocumentEmailEntity, (id) => this.execute(id), budget);
  }

  private async compose(doc: SignedDocumentRow, to: string[]): Promise<MailMessage> {
    const pdf = await this.renderer.render(doc);
    const json = archivoDte(doc.dte_json, doc.jws, doc.reception_stamp);
    const typeName = catalogName(CatalogCode.documentType, doc.type) ?? `Documento tipo ${doc.type}`;
    const issuer = doc.emitter.name;
    const total = money(String(doc.total));
    const url = publicQueryUrl(doc.environment, doc.generation_code, doc.issue_date);
    const voided = doc.status === 'voided' ? '\nEste documento fue INVALIDADO ante el Ministerio de Hacienda.\n' : '';
    const text = [
      `Estimado cliente:`,
      ``,
      `${issuer} le envía su documento tributario electrónico (${typeName}).`,
      voided,
      `Número de control: ${doc.control_number}`,
      `Código de generación: ${doc.generation_code}`,
      `Sello de recepción: ${doc.reception_stamp ?? 'pendiente'}`,
      `Total: USD ${total}`,
      ``,
      `Consulte su validez en el Ministerio de Hacienda: ${url}`,
      ``,
      `Se adjuntan la representación gráfica (PDF) y el documento en formato JSON.`,
    ].join('\n');
    const html = `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<p>Estimado cliente:</p>
<p><strong>${esc(issuer)}</strong> le envía su documento tributario electrónico (${esc(typeName)}).</p>
${voided ? '<p><strong>Este documento fue INVALIDADO ante el Ministerio de Hacienda.</strong></p>' : ''}
<table style="border-collapse:collapse">
<tr><td style="padding:2px 8px 2px 0">Número de control</td><td><strong>${esc(doc.control_number)}</strong></td></tr>
<tr><td style="padding:2px 8px 2px 0">Código de generación</td><td>${esc(doc.generation_code)}</td></tr>
<tr><td style="padding:2px 8px 2px 0">Sello de recepción</td><td>${esc(doc.reception_stamp ?? 'pendiente')}</td></tr>
<tr><td style="padding:2px 8px 2px 0">Total</td><td><strong>USD ${esc(total)}</strong></td></tr>
</table>
<p><a href="${esc(url)}">Consultar el documento en el Ministerio de Hacienda</a></p>
<p>Se adjuntan la representación gráfica (PDF) y el documento en formato JSON.</p>
</body></html>`;
    return {
      from: this.deps.config.mail.from,
      to,
      subject: `Documento tributario electrónico ${typeName} ${doc.control_number}`,
      text,
      html,
      attachments: [
        { filename: `${doc.generation_code}.pdf`, content: pdf, contentType: 'application/pdf' },
        { filename: `${doc.generation_code}.json`, content: Buffer.from(json, 'utf8'), contentType: 'application/json' },
      ],
    };
  }
}

function money(v: string): string {
  return /^-?\d+$/.test(v) ? `${v}.00` : /^-?\d+\.\d$/.test(v) ? `${v}0` : v;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
