import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The report of one type kept when a period version was closed, with the SHA-256 of its files
 * (`contentHash`). Snapshots of earlier versions stay after a reopen.
 */
@Entity({ tableName: 'fiscal_period_snapshots' })
export class FiscalPeriodSnapshotEntity {
  @PrimaryKey({ type: 'text' })
  emitterId!: string;

  @PrimaryKey({ type: 'text' })
  environment!: string;

  @PrimaryKey({ type: 'text' })
  period!: string;

  @PrimaryKey({ type: 'integer' })
  version!: number;

  @PrimaryKey({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  reportId!: string;

  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
