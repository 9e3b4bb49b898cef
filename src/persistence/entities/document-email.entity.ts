import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { MailDeliveryColumns } from './mail-delivery.columns';

/**
 * One e-mail of a document (PDF + JSON) to its recipients. Written `pending` first (by
 * `POST /documents/{id}/send`, or when a document issued with `send_email` is processed); a worker
 * takes it with a lease (`leaseUntil`), sends it, and writes `sent` or schedules the next attempt
 * (`nextAttemptAt`, exponential back-off) until `failed`.
 */
@Entity({ tableName: 'document_emails' })
@Index({ name: 'document_emails_document_idx', properties: ['documentId', 'id'] })
@Index({ name: 'document_emails_due_idx', properties: ['status', 'nextAttemptAt'] })
export class DocumentEmailEntity extends MailDeliveryColumns {
  /** `eml_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  documentId!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  /** `request` (POST …/send) or `issuance` (send_email: true). */
  @Property({ type: 'text' })
  source!: string;

  @Property({ type: 'jsonb' })
  recipients!: string[];
}
