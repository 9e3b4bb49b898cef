import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One certification battery of an emitter in an environment (`certification run`): the documents and
 * events MH requires before it authorises production. Its items hold the progress, so a rerun
 * continues where the last one stopped.
 */
@Entity({ tableName: 'certification_runs' })
@Index({ properties: ['emitterId', 'environment', 'createdAt'] })
export class CertificationRunEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  /** `00` (test) in practice; `01` only when asked. */
  @Property({ type: 'text' })
  environment!: string;

  /** `running` → `completed`. */
  @Property({ type: 'text' })
  status!: string;

  /** Items per count: null = MH's minimums; a number caps every count (`--limit`, a sample run). */
  @Property({ type: 'integer', nullable: true })
  sampleLimit: number | null = null;

  /** Where the last report PDF was written. */
  @Property({ type: 'text', nullable: true })
  reportPdf: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;
}
