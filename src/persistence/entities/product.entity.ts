import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { EmitterEntity } from './emitter.entity';

/**
 * A product or service of an emitter's catalogue: what an issuance line takes by `product_id`
 * (copied into the document as issued; documents never point here). `unitPrice` is the decimal
 * string as given (up to 8 decimals).
 */
@Entity({ tableName: 'products' })
@Index({ name: 'products_emitter_description_idx', properties: ['emitter', 'description', 'id'] })
@Index({
  name: 'products_search_idx',
  expression: 'create index "products_search_idx" on "products" using gin ("search" gin_trgm_ops) with (fastupdate = off)',
})
@Index({
  name: 'products_code_idx',
  expression: 'create unique index "products_code_idx" on "products" ("emitter_id", "code") where "code" is not null',
})
export class ProductEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @ManyToOne(() => EmitterEntity, { fieldName: 'emitter_id', deleteRule: 'cascade' })
  emitter!: Rel<EmitterEntity>;

  @Property({ type: 'text', nullable: true })
  code: string | null = null;

  @Property({ type: 'text' })
  description!: string;

  /** CAT-011 */
  @Property({ type: 'text', nullable: true })
  type: string | null = null;

  /** CAT-014 */
  @Property({ type: 'text' })
  unitCode!: string;

  @Property({ type: 'text' })
  unitPrice!: string;

  /** gravada, exenta or no_sujeta */
  @Property({ type: 'text', nullable: true })
  tax: string | null = null;

  /** CAT-015 tribute codes */
  @Property({ type: 'jsonb', nullable: true })
  taxes: string[] | null = null;

  /** Code and description folded for the search (dte_search_text, ADR 0040). */
  @Property({ type: 'text', nullable: true, generated: `(dte_search_text(coalesce(code, '') || ' ' || description)) stored` })
  search?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;
}
