import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * A single-use link to a read-only view of one emitter (its documents and books) or of one of its
 * fiscal reports, for an external system. Only SHA-256 digests of the link's token and of the view
 * token it is exchanged for are kept; `usedAt` is set by the one exchange.
 */
@Entity({ tableName: 'embed_sessions' })
@Unique({ name: 'embed_sessions_token_idx', properties: ['tokenHash'] })
export class EmbedSessionEntity {
  [OptionalProps]?: 'usedAt' | 'reportId' | 'viewTokenHash' | 'viewExpiresAt';

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

  /** Null: the emitter's whole read-only view (documents and books). */
  @Property({ type: 'text', nullable: true })
  reportId: string | null = null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  /** SHA-256 of the read-only view token handed out by the exchange. */
  @Property({ type: 'text', nullable: true })
  @Unique({ name: 'embed_sessions_view_token_idx' })
  viewTokenHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  viewExpiresAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
