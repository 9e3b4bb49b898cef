import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

/**
 * One event to one endpoint. `body` is the exact JSON text sent (and signed) by every attempt, so a
 * retry carries the same event id and bytes. `pending` deliveries run at `nextAttemptAt`; a worker
 * takes one by setting `leaseUntil` (a retry never runs twice at once). Ends `delivered` or `failed`.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Unique({ name: 'webhook_deliveries_endpoint_event_unique', properties: ['endpoint', 'eventId'] })
@Index({ name: 'webhook_deliveries_endpoint_idx', properties: ['endpoint', 'id'] })
@Index({ name: 'webhook_deliveries_due_idx', properties: ['status', 'nextAttemptAt'] })
export class WebhookDeliveryEntity {
  /** `dlv_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => WebhookEndpointEntity, { fieldName: 'endpoint_id', deleteRule: 'cascade' })
  endpoint!: Rel<WebhookEndpointEntity>;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  /** `evt_…`: the outbox event id (or a test event's), sent as `id` and `Service-Event-Id`. */
  @Property({ type: 'text' })
  eventId!: string;

  @Property({ type: 'text' })
  eventType!: string;

  @Property({ type: 'text' })
  body!: string;

  /** `pending` | `delivered` | `failed` */
  @Property({ type: 'text' })
  status!: string;

  /** A test event: one attempt, never retried. */
  @Property({ type: 'boolean' })
  test: boolean = false;

  @Property({ type: 'integer' })
  attemptCount: number = 0;

  /** Start of the current retry window (the first attempt, or the first after a replay). */
  @Property({ type: 'timestamptz', nullable: true })
  firstAttemptAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  lastStatus: number | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  failedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
