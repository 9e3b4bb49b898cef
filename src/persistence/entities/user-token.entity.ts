import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A single-use e-mailed link of a user: `invite` (an invitation to set the first password) or
 * `reset` (a password reset). Only the SHA-256 of the token is stored; a link is spent once
 * (`usedAt`) and valid until `expiresAt` (an invitation 7 days, a password reset 30 minutes). A new link of the same purpose ends the older ones.
 */
@Entity({ tableName: 'user_tokens' })
@Index({ properties: ['userId', 'purpose'] })
export class UserTokenEntity {
  /** `utk_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  accountId!: string;

  /** `invite` or `reset`. */
  @Property({ type: 'text' })
  purpose!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;
}
