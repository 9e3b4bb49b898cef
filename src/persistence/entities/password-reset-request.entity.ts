import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A request for a password-reset link (known e-mail or not), kept one hour to throttle per address
 * and per e-mail without revealing which e-mails exist.
 */
@Entity({ tableName: 'password_reset_requests' })
@Index({ properties: ['ip', 'requestedAt'] })
@Index({ properties: ['email', 'requestedAt'] })
export class PasswordResetRequestEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The e-mail as typed, normalised (lower case). */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  ip!: string;

  @Property({ type: 'timestamptz' })
  requestedAt!: Date;
}
