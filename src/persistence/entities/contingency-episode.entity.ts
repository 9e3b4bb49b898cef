import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A period in which MH did not answer for an emitter and environment, and the recovery MH requires:
 * the contingency event (within 24 h after the outage ends) listing the documents held, then those
 * documents in lotes of at most 100 (within 72 h of the event's seal).
 */
@Entity({ tableName: 'contingency_episodes' })
@Index({ properties: ['status', 'nextCheckAt'] })
@Index({ properties: ['emitterId', 'environment', 'status'] })
// Partial (raw SQL): the episodes whose failure e-mail is still owed.
@Index({ name: 'contingency_episodes_failure_email_idx', expression: 'create index "contingency_episodes_failure_email_idx" on "contingency_episodes" ("updated_at") where "failure_email_pending"' })
export class ContingencyEpisodeEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  @Property({ type: 'text' })
  environment!: string;

  /** CAT-005 (1: MH not available). */
  @Property({ type: 'integer' })
  contingencyType: number = 1;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  /** `open` (MH unreachable) → `recovering` (event and lotes in progress) → `completed` | `failed`. */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  endedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  nextCheckAt: Date | null = null;

  /** Uppercase UUID of the contingency event. */
  @Property({ type: 'text', nullable: true })
  eventGenerationCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  eventStatus: string | null = null;

  @Property({ type: 'text', nullable: true })
  eventSeal: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  eventSealedAt: Date | null = null;

  @Property({ type: 'jsonb', nullable: true })
  eventResponse: Record<string, unknown> | null = null;

  /** Lotes sent: `[{code, documentIds, status}]`. */
  @Property({ type: 'jsonb' })
  lotes: { code: string; documentIds: string[]; status: string; sentAt: string }[] = [];

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  /** MH refused the event and the owners' e-mail about it is not sent yet (NotifyContingencyFailuresService). */
  @Property({ type: 'boolean', default: false })
  failureEmailPending: boolean = false;

  @Property({ type: 'integer', default: 0 })
  failureEmailAttempts: number = 0;

  @Property({ type: 'text', nullable: true })
  failureEmailError: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
