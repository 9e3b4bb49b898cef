import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A failed panel login (unknown e-mail or wrong password), kept one hour for throttling per
 * e-mail + address and per address. Shared by every API process through the database.
 */
@Entity({ tableName: 'login_failures' })
@Index({ properties: ['email', 'ip', 'failedAt'] })
@Index({ properties: ['ip', 'failedAt'] })
export class LoginFailureEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The e-mail as typed, normalised (lower case). */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  ip!: string;

  @Property({ type: 'timestamptz' })
  failedAt!: Date;
}
