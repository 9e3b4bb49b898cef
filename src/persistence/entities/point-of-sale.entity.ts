import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { EstablishmentEntity } from './establishment.entity';

@Entity({ tableName: 'points_of_sale' })
@Unique({ properties: ['establishment', 'code'] })
export class PointOfSaleEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => EstablishmentEntity, { fieldName: 'establishment_id', deleteRule: 'cascade' })
  establishment!: Rel<EstablishmentEntity>;

  /** MH code: P + 3 digits */
  @Property({ type: 'text' })
  code!: string;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'boolean' })
  active: boolean = true;

  /** Order in the establishment's list as last written. */
  @Property({ type: 'integer' })
  position: number = 0;

  /**
   * Documents issued from this point of sale. A point of sale that has issued documents is never
   * deleted (it is deactivated instead), so its control numbers stay traceable.
   */
  @Property({ type: 'integer' })
  documentsCount: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
