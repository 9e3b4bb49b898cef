import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { MailDeliveryColumns } from './mail-delivery.columns';

/**
 * One e-mail of the account surface (an invitation, a password-reset link) on its way: written
 * `pending` in the transaction that issued the link, taken by a worker with a lease (`leaseUntil`),
 * sent, or retried with back-off (`nextAttemptAt`) until `failed` — at the latest when the link it
 * carries expires (`linkExpiresAt`), since a later delivery would be of no use. The message carries a
 * single-use link, so it is stored sealed with the master key and erased once sent or given up.
 */
@Entity({ tableName: 'account_emails' })
@Index({ name: 'account_emails_due_idx', properties: ['status', 'nextAttemptAt'] })
export class AccountEmailEntity extends MailDeliveryColumns {
  /** `aml_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  userId!: string;

  /** `invitation` | `password_reset` */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  recipient!: string;

  /** Subject, text and HTML (JSON) sealed with the master key, bound to the row's id; null once sent or failed. */
  @Property({ type: 'text', nullable: true })
  sealedMessage: string | null = null;

  /** When the link in the message stops working: no attempt after it. */
  @Property({ type: 'timestamptz' })
  linkExpiresAt!: Date;
}
