import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Status of a fiscal period of an emitter in one environment. A period without a row is `open`,
 * version 1. `drift` marks a closed period whose inputs changed after the close.
 */
@Entity({ tableName: 'fiscal_periods' })
export class FiscalPeriodEntity {
  @PrimaryKey({ type: 'text' })
  emitterId!: string;

  @PrimaryKey({ type: 'text' })
  environment!: string;

  /** `YYYY-MM` */
  @PrimaryKey({ type: 'text' })
  period!: string;

  /** `open`, `closing`, `closed`. */
  @Property({ type: 'text', default: 'open' })
  status: string = 'open';

  @Property({ type: 'integer', default: 1 })
  version: number = 1;

  @Property({ type: 'timestamptz', nullable: true })
  closedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  reopenedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  reopenReason: string | null = null;

  @Property({ type: 'boolean', default: false })
  drift: boolean = false;

  /** `[{at, kind, subjectId, ...}]`: what changed after the close. */
  @Property({ type: 'jsonb', default: "'[]'" })
  driftDetails: Record<string, unknown>[] = [];

  /** A close run holds the period until `closeLeaseUntil` (renewed as it goes); `closeLeaseToken` names the run. */
  @Property({ type: 'timestamptz', nullable: true })
  closeLeaseUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  closeLeaseToken: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
