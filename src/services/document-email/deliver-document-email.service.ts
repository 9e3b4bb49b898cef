import { DeliveryWorker, type DeliveryKind } from '../shared/delivery-worker';
import { DEFAULT_RETRY_CAP_MS } from '../../domain/webhooks/retry-schedule';
import { MailError, type MailMessage } from '../ports/mailer.port';
import { catalogName } from '../../integrations/pdf/dte-view';
import { CatalogCode } from '../../domain/catalog/catalogs';
import { DocumentEmailEntity } from '../../persistence/entities';
import type { SignedDocumentRow } from '../../persistence/documents/document-row';
import type { ServiceDeps } from '../shared/service-deps';
import { publicQueryUrl } from '../../domain/documents';
import type { DocumentPdfRenderer } from '../documents/document-pdf';
import { archivoDte } from '../documents/get-document-json.service';

/** How long a worker keeps an e-mail to itself while rendering and sending it. */
const LEASE_MS = 90_000;
const DRAIN_BUDGET = { maxRows: 25, maxMs: 5000 };

export type DeliverEmailOutcome = 'sent' | 'retry_scheduled' | 'failed' | 'skipped';

/** One attempt of a document e-mail: the message id on success, the error otherwise. */
interface EmailAttempt {
  messageId: string | null;
  error: string;
}

/**
 * Sends one pending e-mail that is due, through the delivery worker (lease, attempt, back-off;
 * ADR 0085): renders the PDF, attaches it with the JSON (`archivoDte`), and on success, in one
 * transaction, marks it `sent`, appends `email_sent` to the document's `events[]` and writes the
 * `document.delivered` outbox event. A failure appends `email_failed` and is retried with full jitter
 * from EMAIL_RETRY_BASE_MS (capped at 1 h) until EMAIL_MAX_ATTEMPTS, then the e-mail is `failed`
 * (a permanent 5xx refusal at once).
 */
export class DeliverDocumentEmailService {
  private readonly worker: DeliveryWorker<DocumentEmailEntity, EmailAttempt>;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly renderer: DocumentPdfRenderer,
    random: () => number = Math.random,
  ) {
    this.worker = new DeliveryWorker(deps, this.kind(), random);
  }

  async execute(emailId: string): Promise<DeliverEmailOutcome> {
    const outcome = await this.worker.execute(emailId);
    return outcome === 'succeeded' ? 'sent' : outcome;
  }

  /** Sends due e-mails whose job was lost or not yet run (recurring sweep, and after each job). */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return this.worker.drainDue(budget);
  }

  /** Document e-mails as a delivery kind: their rows, their send, and how an outcome is recorded. */
  private kind(): DeliveryKind<DocumentEmailEntity, EmailAttempt> {
    const deps = this.deps;
    return {
      entity: DocumentEmailEntity,
      describe: 'correo del documento',
      logKey: 'email_id',
      leaseMs: () => LEASE_MS,
      retry: { baseMs: deps.config.mail.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS, maxAttempts: deps.config.mail.maxAttempts },
      load: (em, id) => em.findOneOrFail(DocumentEmailEntity, { id }),
      attemptsOf: (e) => e.attempts,
      send: async (em, email, attempt) => {
        try {
          const doc = await this.renderer.load(em, email.documentId);
          if (!doc) throw new MailError('El documento ya no existe.', true);
          const sent = await deps.mailer.send(await this.compose(doc, email.recipients));
          deps.logger.info({ email_id: email.id, document_id: doc.id, message_id: sent.messageId, destination: sent.destination }, 'documento enviado por correo');
          return { ok: true, detail: { messageId: sent.messageId, error: '' } };
        } catch (err) {
          const error = err instanceof MailError ? err.message : `Error al preparar o enviar el correo: ${(err as Error).message}`;
          deps.logger.warn({ email_id: email.id, document_id: email.documentId, attempt, error }, 'envío por correo fallido');
          return { ok: false, permanent: err instanceof MailError && err.permanent, detail: { messageId: null, error } };
        }
      },
      record: async (em, fence, o) => {
        const email = o.row;
        const { messageId, error } = o.result.detail;
        const documents = deps.documents;
        if (o.outcome === 'succeeded') {
          return documents.transaction(async (tx) => {
            const n = await tx.em.nativeUpdate(DocumentEmailEntity, fence, { status: 'sent', attempts: o.attempt, leaseUntil: null, nextAttemptAt: null, lastError: null, messageId, sentAt: o.done, updatedAt: o.done });
            if (!n) return false;
            await documents.recordDelivered(tx, email.documentId, { email_id: email.id, to: email.recipients, message_id: messageId! }, o.done);
            return true;
          }, em);
        }
        const giveUp = o.outcome === 'failed';
        const to = email.recipients.join(', ');
        const message = giveUp
          ? `No se pudo enviar por correo a ${to} (intento ${o.attempt}, sin más reintentos): ${error}`
          : `Falló el envío por correo a ${to} (intento ${o.attempt}; se reintentará): ${error}`;
        return em.transactional(async (tx) => {
          const n = await tx.nativeUpdate(DocumentEmailEntity, fence, { status: giveUp ? 'failed' : 'pending', attempts: o.attempt, leaseUntil: null, nextAttemptAt: o.next, lastError: error, updatedAt: o.done });
          if (!n) return false;
          await documents.appendEvent(tx, email.documentId, 'email_failed', message, o.done, { email_id: email.id, to: email.recipients, attempt: o.attempt, final: giveUp, error });
          return true;
        });
      },
      scheduleRetry: (id, at) =>
        deps.queue
          .enqueue('deliver-document-email', { emailId: id }, { runAt: at })
          .then(() => undefined)
          .catch((err) => deps.logger.warn({ err, email_id: id }, 'no se pudo encolar el reintento del correo; el barrido lo enviará')),
    };
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
