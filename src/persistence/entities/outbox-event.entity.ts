import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * An event (document.processed, document.rejected, …, fiscal.report.ready …) written in the same
 * transaction as the state change that caused it. Webhook deliveries, GraphQL subscriptions and
 * history read from here; `dispatchedAt` marks that deliveries were created for it.
 */
@Entity({ tableName: 'outbox_events' })
@Index({ name: 'outbox_events_pending_idx', properties: ['dispatchedAt', 'id'] })
@Index({ name: 'outbox_events_account_idx', properties: ['accountId', 'environment', 'id'] })
export class OutboxEventEntity {
  /** `evt_…`, also the `Service-Event-Id` of webhook deliveries. */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  type!: string;

  /** The document (or other resource) the event is about. */
  @Property({ type: 'text', nullable: true })
  subjectId: string | null = null;

  /** The `data` object of the delivered event, frozen at the time of the change. */
  @Property({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null = null;
}
