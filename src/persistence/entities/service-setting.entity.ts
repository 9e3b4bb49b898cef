import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Service-wide values that must survive restarts (for example the sealed demo key). */
@Entity({ tableName: 'service_settings' })
export class ServiceSettingEntity {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
