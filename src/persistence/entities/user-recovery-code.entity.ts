import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One of a user's ten single-use recovery codes for the second factor: only its SHA-256 is kept (the
 * codes carry 60 random bits each, so a fast hash is enough); `usedAt` is set when it logs the user in.
 */
@Entity({ tableName: 'user_recovery_codes' })
@Index({ properties: ['userId'] })
export class UserRecoveryCodeEntity {
  /** `rcv_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text', unique: true })
  codeHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;
}
