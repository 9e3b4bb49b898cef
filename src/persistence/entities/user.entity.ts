import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { AccountEntity } from './account.entity';

/**
 * A person who uses the panel of one account. `email` is stored in lower case and unique across the
 * service (it is the login name); only the Argon2id hash of the password is kept (null while an
 * invitation has not been accepted).
 */
@Entity({ tableName: 'users' })
export class UserEntity {
  /** `usr_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => AccountEntity, { fieldName: 'account_id', deleteRule: 'cascade' })
  @Index()
  account!: Rel<AccountEntity>;

  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', nullable: true })
  passwordHash: string | null = null;

  /** `owner`, `member` or `viewer` (domain/identity/roles.ts). */
  @Property({ type: 'text' })
  role!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null = null;

  /** The TOTP secret (RFC 6238), sealed with the master key; null while the second factor is off. */
  @Property({ type: 'text', nullable: true })
  totpSealedSecret: string | null = null;

  /** A secret being enrolled (shown once as a QR), sealed; it replaces `totpSealedSecret` once a code from it is verified. */
  @Property({ type: 'text', nullable: true })
  totpPendingSealedSecret: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null = null;

  /** The last TOTP time step accepted: a code is never accepted twice. */
  @Property({ type: 'bigint', nullable: true })
  totpLastStep: string | null = null;
}
