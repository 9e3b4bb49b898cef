import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One e-mail of a document (PDF + JSON) to its recipients. Written `pending` first (by
 * `POST /documents/{id}/send`, or when a document issued with `send_email` is processed); a worker
 * takes it with a lease (`leaseUntil`), sends it, and writes `sent` or schedules the next attempt
 * (`nextAttemptAt`, exponential back-off) until `failed`.
 */
@Entity({ tableName: 'document_emails' })
@Index({ name: 'document_emails_document_idx', properties: ['documentId', 'id'] })
@Index({ name: 'document_emails_due_idx', properties: ['status', 'nextAttemptAt'] })
export class DocumentEmailEntity {
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

  /** `pending` | `sent` | `failed` */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'text', nullable: true })
  messageId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;
}
