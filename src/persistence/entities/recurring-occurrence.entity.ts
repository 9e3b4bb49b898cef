import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * One occurrence of a recurring document (ADR 0077): claimed once per (recurring document, date)
 * by the unique key, in the transaction that moves the schedule on. `issuing` while its issuance
 * runs (leased: a worker that died leaves it to the next after `leaseUntil`, which issues it under
 * the same Idempotency-Key), then `issued` with its document or `failed` with the refusal — never
 * tried again.
 */
@Entity({ tableName: 'recurring_occurrences' })
@Unique({ name: 'recurring_occurrences_date_key', properties: ['recurringId', 'occurrenceOn'] })
@Index({ name: 'recurring_occurrences_list_idx', properties: ['recurringId', 'id'] })
// Partial (raw SQL): occurrences whose issuance is still running (or was left by a dead worker).
@Index({ name: 'recurring_occurrences_issuing_idx', expression: `create index "recurring_occurrences_issuing_idx" on "recurring_occurrences" ("lease_until") where "status" = 'issuing'` })
export class RecurringOccurrenceEntity {
  /** `reo_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  recurringId!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  /** El Salvador date of the occurrence, `yyyy-MM-dd`. */
  @Property({ type: 'text' })
  occurrenceOn!: string;

  /** `issuing`, `issued` or `failed`. */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text', nullable: true })
  documentId: string | null = null;

  @Property({ type: 'text', nullable: true })
  errorCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  errorMessage: string | null = null;

  /** The refusal's field errors `[{path, code, message}]`. */
  @Property({ type: 'jsonb', nullable: true })
  errors: { path: string; code: string; message: string }[] | null = null;

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
