import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * One Idempotency-Key use, scoped to account + environment + key. While the first request runs the
 * record is `in_progress`, owned by the process lease that runs it; every resource the request
 * creates is appended to `resources` in the transaction that creates it. Then it keeps the response
 * to replay. Removed after the TTL by a job.
 */
@Entity({ tableName: 'idempotency_records' })
@Unique({ properties: ['accountId', 'environment', 'key'] })
export class IdempotencyRecordEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  key!: string;

  /** SHA-256 of method, path and canonical body (REST) or of the GraphQL operation and variables. */
  @Property({ type: 'text' })
  requestHash!: string;

  /** `in_progress` | `completed` */
  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'integer', nullable: true })
  responseStatus: number | null = null;

  @Property({ type: 'text', nullable: true })
  responseBody: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  responseHeaders: Record<string, string> | null = null;

  /**
   * Process lease (process_leases.id) of the process running the request; null once released (a
   * server error after a resource was created). A record whose owner is gone is resolved at once.
   */
  @Property({ type: 'text', nullable: true })
  ownerLeaseId: string | null = null;

  /** Resources the request created so far, in order: `[{"type": "document", "id": "doc_…"}]`. */
  @Property({ type: 'jsonb', default: '[]' })
  resources: { type: string; id: string }[] = [];

  @Property({ type: 'timestamptz' })
  lockedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;
}
