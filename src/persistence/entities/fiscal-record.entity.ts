import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * A fiscal record ingested from an ERP (purchase, withholding received or made, external sale), per
 * emitter and environment (books follow the key's environment). `body` is the normalised record
 * (camelCase, amounts as decimal strings) the books read; `period` is the month of its accounting
 * date. Deletion is logical (`deletedAt`). Batch writes use multi-row SQL, not this entity.
 */
@Entity({ tableName: 'fiscal_records' })
@Unique({ name: 'fiscal_records_external_uq', properties: ['emitterId', 'environment', 'resource', 'externalId'] })
@Index({ name: 'fiscal_records_period_idx', properties: ['emitterId', 'environment', 'period', 'resource'] })
export class FiscalRecordEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  /** `purchases`, `withholdings-received`, `external-sales`, `withholdings-made`. */
  @Property({ type: 'text' })
  resource!: string;

  @Property({ type: 'text' })
  externalId!: string;

  @Property({ type: 'integer' })
  version!: number;

  /** `YYYY-MM` of the accounting date. */
  @Property({ type: 'text' })
  period!: string;

  /** `yyyy-MM-dd` */
  @Property({ type: 'text' })
  accountingDate!: string;

  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'jsonb' })
  body!: Record<string, unknown>;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
