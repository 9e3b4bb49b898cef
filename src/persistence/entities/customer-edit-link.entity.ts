import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { CustomerEntity } from './customer.entity';

/**
 * A single-use link an owner hands a customer so they type their own fiscal data (ADR 0064). Only the
 * SHA-256 digest of the link's token is kept; `usedAt` is set by the one form submission that saved
 * the data (opening the page spends nothing, so mail scanners cannot burn it).
 */
@Entity({ tableName: 'customer_edit_links' })
@Unique({ name: 'customer_edit_links_token_idx', properties: ['tokenHash'] })
@Index({ name: 'customer_edit_links_customer_idx', properties: ['customer'] })
export class CustomerEditLinkEntity {
  [OptionalProps]?: 'usedAt';

  /** `cel_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @ManyToOne(() => CustomerEntity, { fieldName: 'customer_id', deleteRule: 'cascade' })
  customer!: Rel<CustomerEntity>;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
