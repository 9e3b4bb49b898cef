import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A single-use, read-only view of one fiscal report for an external system. Only the SHA-256 of the
 * URL's token is kept; `usedAt` is set by the first open.
 */
@Entity({ tableName: 'embed_sessions' })
@Index({ name: 'embed_sessions_token_idx', properties: ['tokenHash'] })
export class EmbedSessionEntity {
  [OptionalProps]?: 'usedAt';

  /** `ems_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  @Property({ type: 'text' })
  reportId!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
