import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One expiry notice of a stored certificate (30 or 7 days ahead). The id is
 * `<credential id>:<threshold>:<valid until, ISO>`, so a notice exists at most once per threshold and
 * certificate however often the job runs; a new certificate uploaded later gets its own notices.
 * The webhook event is written with the notice; the e-mail to the owners is sent after, and
 * `emailSentAt` records it (retried by the next run until it is sent).
 */
@Entity({ tableName: 'credential_expiry_notices' })
// Partial (raw SQL): announced notices whose e-mail is not sent yet.
@Index({ name: 'credential_expiry_notices_email_pending_idx', expression: 'create index "credential_expiry_notices_email_pending_idx" on "credential_expiry_notices" ("created_at") where "announced" and "email_sent_at" is null' })
export class CredentialExpiryNoticeEntity {
  [OptionalProps]?: 'emailSentAt' | 'emailAttempts' | 'emailError';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  credentialId!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  @Property({ type: 'text' })
  environment!: string;

  /** 30 or 7 (days). */
  @Property({ type: 'integer' })
  threshold!: number;

  @Property({ type: 'timestamptz' })
  validUntil!: Date;

  @Property({ type: 'integer' })
  daysLeft!: number;

  /** False for a threshold passed while a later one was due (recorded, not announced). */
  @Property({ type: 'boolean' })
  announced!: boolean;

  @Property({ type: 'timestamptz', nullable: true })
  emailSentAt: Date | null = null;

  @Property({ type: 'integer' })
  emailAttempts: number = 0;

  @Property({ type: 'text', nullable: true })
  emailError: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
