import { Collection, Embedded, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { AccountEntity } from './account.entity';
import { AddressEmbeddable } from './address.embeddable';
import { EstablishmentEntity } from './establishment.entity';

@Entity({ tableName: 'emitters' })
@Unique({ properties: ['account', 'nit'] })
@Index({ properties: ['account', 'id'] })
export class EmitterEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => AccountEntity, { fieldName: 'account_id', deleteRule: 'cascade' })
  account!: Rel<AccountEntity>;

  @Property({ type: 'text' })
  nit!: string;

  @Property({ type: 'text' })
  nrc!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  tradeName: string | null = null;

  /** CAT-019 */
  @Property({ type: 'text' })
  economicActivity!: string;

  /** CAT-009 */
  @Property({ type: 'text', nullable: true })
  establishmentType: string | null = null;

  @Embedded(() => AddressEmbeddable, { prefix: 'address_' })
  address!: AddressEmbeddable;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text' })
  email!: string;

  /** `per_establishment` or `centralized` */
  @Property({ type: 'text' })
  numbering: string = 'per_establishment';

  @Property({ type: 'text', nullable: true })
  logoUrl: string | null = null;

  @Property({ type: 'boolean' })
  isLargeTaxpayer: boolean = false;

  @OneToMany(() => EstablishmentEntity, (e) => e.emitter)
  establishments = new Collection<EstablishmentEntity>(this);

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
