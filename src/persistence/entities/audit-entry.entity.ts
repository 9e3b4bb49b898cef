import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One security-relevant action of an account (key created or revoked, credentials uploaded, user
 * invited, removed or given another role, password reset, invalidation requested, period reopened,
 * login succeeded or failed). Written in the same transaction as the action; never updated. `details`
 * never holds a secret (no key, password, token or certificate).
 */
@Entity({ tableName: 'audit_entries' })
@Index({ properties: ['accountId', 'id'] })
export class AuditEntryEntity {
  /** `aud_…`, time-ordered: the log reads newest first by id. */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  /** `api_key.created`, `user.invited`, … (docs/account.md lists them). */
  @Property({ type: 'text' })
  action!: string;

  /** `user` (panel session), `api_key`, `anonymous` (a login or reset link before anyone is known), or `cli` (the service's command line). */
  @Property({ type: 'text' })
  actorType!: string;

  @Property({ type: 'text', nullable: true })
  actorUserId: string | null = null;

  /** The user's e-mail as it was at the time of the action. */
  @Property({ type: 'text', nullable: true })
  actorEmail: string | null = null;

  /** The API key (`key_…`) or panel session (`ses_…`) the action came through. */
  @Property({ type: 'text', nullable: true })
  actorKeyId: string | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'text', nullable: true })
  targetType: string | null = null;

  @Property({ type: 'text', nullable: true })
  targetId: string | null = null;

  @Property({ type: 'jsonb' })
  details: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
