import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The requests counted against one credential (or one address) in its current one-minute window,
 * shared by every API process: the rows rate-limiter-flexible's PostgreSQL store reads and writes
 * (its column names and types; ADR 0038). Rows past their window are deleted by the store.
 */
@Entity({ tableName: 'rate_limit_points' })
export class RateLimitPointEntity {
  @PrimaryKey({ type: 'varchar', length: 255 })
  key!: string;

  @Property({ type: 'integer', default: 0 })
  points!: number;

  /** End of the window, in milliseconds since the epoch (null: never). */
  @Property({ type: 'bigint', nullable: true })
  @Index()
  expire: string | null = null;
}
