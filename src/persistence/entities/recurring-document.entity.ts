import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A document issued on a schedule (ADR 0077): a DocumentCreate template of one account, environment
 * (the key's) and emitter, issued monthly on a day or weekly on a weekday from `startsOn`, until
 * `endsOn` and/or `count` occurrences. `nextRunOn` is the next occurrence (El Salvador date), null
 * once the rule is exhausted (`completed`). Deleted ones are kept (`deletedAt`) with their history.
 */
@Entity({ tableName: 'recurring_documents' })
@Index({ name: 'recurring_documents_account_idx', properties: ['accountId', 'environment', 'id'] })
// Partial (raw SQL): what the job sweeps.
@Index({ name: 'recurring_documents_due_idx', expression: `create index "recurring_documents_due_idx" on "recurring_documents" ("next_run_on") where "status" = 'active' and "deleted_at" is null` })
export class RecurringDocumentEntity {
  /** `rec_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  /** The DocumentCreate body (camelCase, without emitterId), as validated at creation. */
  @Property({ type: 'jsonb' })
  template!: Record<string, unknown>;

  /** `monthly` or `weekly`. */
  @Property({ type: 'text' })
  frequency!: string;

  @Property({ type: 'integer', nullable: true })
  dayOfMonth: number | null = null;

  /** ISO weekday: 1 Monday … 7 Sunday. */
  @Property({ type: 'integer', nullable: true })
  weekday: number | null = null;

  /** El Salvador dates, `yyyy-MM-dd`. */
  @Property({ type: 'text' })
  startsOn!: string;

  @Property({ type: 'text', nullable: true })
  endsOn: string | null = null;

  @Property({ type: 'integer', nullable: true })
  maxCount: number | null = null;

  @Property({ type: 'boolean' })
  sendEmail!: boolean;

  /** `active`, `paused` or `completed`. */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text', nullable: true })
  nextRunOn: string | null = null;

  /** Occurrences claimed so far (issued, failed or being issued). */
  @Property({ type: 'integer' })
  occurrencesCount: number = 0;

  @Property({ type: 'text', nullable: true })
  lastOccurrenceOn: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;
}
