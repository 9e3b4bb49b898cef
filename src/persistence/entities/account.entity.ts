import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'accounts' })
export class AccountEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
