import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Last control-number correlative per emitter, environment, document type, calendar year (El Salvador)
 * and numbering scope (establishment+POS, or `*` for centralized numbering). Incremented with a
 * row-locking upsert inside the issuing transaction, so numbers are gapless and unique.
 */
@Entity({ tableName: 'control_number_counters' })
export class ControlNumberCounterEntity {
  /** `${emitterId}|${environment}|${type}|${year}|${scope}` */
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  @Property({ type: 'bigint' })
  lastValue!: string;
}
