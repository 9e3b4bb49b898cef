import { Collection, Embedded, Entity, ManyToOne, OneToMany, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { AddressEmbeddable } from './address.embeddable';
import { EmitterEntity } from './emitter.entity';
import { PointOfSaleEntity } from './point-of-sale.entity';

@Entity({ tableName: 'establishments' })
@Unique({ properties: ['emitter', 'code'] })
export class EstablishmentEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => EmitterEntity, { fieldName: 'emitter_id', deleteRule: 'cascade' })
  emitter!: Rel<EmitterEntity>;

  /** MH code: (M|B|S|P) + 3 digits */
  @Property({ type: 'text' })
  code!: string;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  /** CAT-009 */
  @Property({ type: 'text' })
  type!: string;

  @Embedded(() => AddressEmbeddable, { prefix: 'address_' })
  address!: AddressEmbeddable;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'boolean' })
  active: boolean = true;

  @OneToMany(() => PointOfSaleEntity, (p) => p.establishment, { orderBy: { position: 'asc' } })
  pointsOfSale = new Collection<PointOfSaleEntity>(this);

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
