import { Property } from '@mikro-orm/core';

/**
 * The delivery columns every outgoing e-mail row has (a document's e-mail, an account e-mail): written
 * `pending`, taken by a worker with a lease (`leaseUntil`), sent, or retried with back-off
 * (`nextAttemptAt`) until `failed`. Each e-mail entity extends it with what it carries.
 */
export abstract class MailDeliveryColumns {
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
