import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A panel session, kept server-side so logout ends it at once. The cookie carries a random token;
 * only its SHA-256 is stored. Idle expiry (`expiresAt`, rolling 30 min) never passes the absolute
 * one (8 h after login). Rows are deleted at logout and swept once expired.
 */
@Entity({ tableName: 'panel_sessions' })
@Index({ properties: ['userId'] })
@Index({ properties: ['absoluteExpiresAt'] })
export class PanelSessionEntity {
  /** `ses_…` (named in audit entries; never a credential). */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  accountId!: string;

  /** `00` or `01`: the environment the panel works in (PATCH /v1/auth/session switches it). */
  @Property({ type: 'text' })
  environment!: string;

  /** Echoed by the browser in `X-CSRF-Token` on every non-safe request. */
  @Property({ type: 'text' })
  csrfToken!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  lastSeenAt!: Date;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz' })
  absoluteExpiresAt!: Date;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  /**
   * `none` (the user has no second factor), `verified` (its code was given at login), `required` (the
   * password was right, the code is awaited: nothing else is open) or `enrolment_required` (the account
   * requires one the user lacks: only enrolling is open).
   */
  @Property({ type: 'text', default: 'none' })
  secondFactor: string = 'none';
}
