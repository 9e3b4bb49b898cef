import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { CustomerReceiver } from '../../domain/directory/customer-input.schema';
import { EmitterEntity } from './emitter.entity';

/**
 * A customer (receiver) in an emitter's directory. `receiver` holds the DocumentCreate.receiver
 * fields exactly as validated; the columns beside it copy what lists show and the search folds.
 * Documents never point here: an issuance copies the receiver into the document (as issued).
 */
@Entity({ tableName: 'customers' })
@Index({ name: 'customers_emitter_name_idx', properties: ['emitter', 'name', 'id'] })
// Raw-SQL indexes (compared by name only): the directory search's trigrams over the folded text, and
// one customer per identification number of an emitter (what `save_customer` updates).
@Index({
  name: 'customers_search_idx',
  expression: 'create index "customers_search_idx" on "customers" using gin ("search" gin_trgm_ops) with (fastupdate = off)',
})
@Index({
  name: 'customers_document_number_idx',
  expression: 'create unique index "customers_document_number_idx" on "customers" ("emitter_id", "document_number") where "document_number" is not null',
})
export class CustomerEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @ManyToOne(() => EmitterEntity, { fieldName: 'emitter_id', deleteRule: 'cascade' })
  emitter!: Rel<EmitterEntity>;

  @Property({ type: 'text', nullable: true })
  externalId: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  tradeName: string | null = null;

  @Property({ type: 'text', nullable: true })
  documentType: string | null = null;

  @Property({ type: 'text', nullable: true })
  documentNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  nrc: string | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  /** The receiver's fields (camelCase, as DocumentCreate.receiver takes them). */
  @Property({ type: 'jsonb' })
  receiver!: CustomerReceiver;

  /**
   * Name, trade name, identification number, NRC and e-mail folded for the search (dte_search_text:
   * lower case, no accents, no dashes; ADR 0040), computed by PostgreSQL on every write.
   */
  @Property({
    type: 'text',
    nullable: true,
    generated: `(dte_search_text(name || ' ' || coalesce(trade_name, '') || ' ' || coalesce(document_number, '') || ' ' || coalesce(nrc, '') || ' ' || coalesce(email, ''))) stored`,
  })
  search?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  /** Last issuance that named it (`customer_id` or `save_customer`). */
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;

  /** When the customer completed its own data through a self-service link. */
  @Property({ type: 'timestamptz', nullable: true })
  selfServiceCompletedAt: Date | null = null;
}
