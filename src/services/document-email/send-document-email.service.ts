import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../domain/shared/email-address';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { DocumentEmailEntity } from '../../persistence/entities';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { SENDABLE_STATUSES, documentEmailView, type DocumentEmailView } from './document-emails';

export const MAX_RECIPIENTS = 10;

/** The resource type a send links to its idempotency record. */
const EMAIL_RESOURCE = 'document_email';

/** Body of `POST /documents/{id}/send` (and GraphQL `SendDocumentInput`). */
export const sendDocumentSchema = z.strictObject({
  to: z
    .array(
      z
        .string('Cada destinatario es un texto con una dirección de correo.')
        .trim()
        .max(EMAIL_MAX_LENGTH, `Una dirección de correo tiene a lo sumo ${EMAIL_MAX_LENGTH} caracteres.`)
        .refine(isEmailAddress, { message: 'No es una dirección de correo válida (por ejemplo cliente@empresa.com.sv).', params: { code: 'invalid_format' } }),
      '"to" es una lista de direcciones de correo.',
    )
    .min(1, '"to" debe tener al menos una dirección.')
    .max(MAX_RECIPIENTS, `"to" admite a lo sumo ${MAX_RECIPIENTS} direcciones.`)
    .nullish(),
});

export type SendDocumentInput = z.infer<typeof sendDocumentSchema>;

/**
 * Queues the e-mail of a document's PDF and JSON: to `to`, or to the receiver's address. The row is
 * written first (`pending`, due now) and the job enqueued after the commit; if the process dies in
 * between, the `sweep-document-emails` job sends it. Only sealed documents (processed or voided)
 * are sent. The row is linked to the request's idempotency record in its own commit, so a retry of a
 * request whose process died answers that e-mail as it is now and never queues a second one.
 */
export class SendDocumentEmailService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, body: unknown = {}): Promise<DocumentEmailView> {
    const em = this.deps.orm.em.fork();
    const resumed = resumedResource(actor, EMAIL_RESOURCE);
    const earlier = resumed ? await em.findOne(DocumentEmailEntity, { id: resumed, accountId: actor.accountId }) : null;
    if (earlier) return documentEmailView(earlier);
    const parsed = parseWith(sendDocumentSchema, body ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const doc = await this.deps.documents.findOwn(em, actor, id);
    if (!doc) throw DomainError.notFound('un documento');
    if (!SENDABLE_STATUSES.includes(doc.status)) {
      throw new DomainError(
        'document_not_sendable',
        `El documento está "${doc.status}": solo se envían por correo documentos con sello del MH (procesados o invalidados).`,
      );
    }
    const requested = parsed.value.to ?? null;
    const recipients = requested ? dedupe(requested) : doc.receiver_email ? [doc.receiver_email] : [];
    if (!recipients.length) {
      throw DomainError.field('required', 'to', 'El documento no tiene correo del receptor; indique en "to" al menos una dirección.');
    }
    const now = this.deps.clock.now();
    const row = await em.transactional(async (tx) => {
      const created = tx.create(DocumentEmailEntity, {
        id: newId(IdPrefix.documentEmail, now.getTime()),
        documentId: doc.id,
        accountId: doc.account_id,
        environment: doc.environment,
        source: 'request',
        recipients,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      await linkCreatedResource(tx, actor, EMAIL_RESOURCE, created.id);
      return created;
    });
    await this.deps.queue
      .enqueue('deliver-document-email', { emailId: row.id })
      .catch((err) => this.deps.logger.warn({ err, email_id: row.id }, 'no se pudo encolar el envío por correo; el barrido lo enviará'));
    return documentEmailView(row);
  }
}

function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of list) {
    const k = a.toLowerCase();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(a);
    }
  }
  return out;
}
