import { Embeddable, Property } from '@mikro-orm/core';

@Embeddable()
export class AddressEmbeddable {
  /** CAT-012 */
  @Property({ type: 'text' })
  department!: string;

  /** CAT-013 (codes repeat across departments) */
  @Property({ type: 'text' })
  municipality!: string;

  /** CAT-008 (codes repeat across departments) */
  @Property({ type: 'text' })
  district!: string;

  @Property({ type: 'text' })
  line!: string;
}
