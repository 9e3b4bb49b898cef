import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** One HTTP POST of a delivery: when, what came back (status 0 = no response), how long, why it failed. */
@Entity({ tableName: 'webhook_attempts' })
@Unique({ name: 'webhook_attempts_delivery_number_unique', properties: ['delivery', 'number'] })
export class WebhookAttemptEntity {
  /** `wha_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => WebhookDeliveryEntity, { fieldName: 'delivery_id', deleteRule: 'cascade' })
  delivery!: Rel<WebhookDeliveryEntity>;

  /** 1, 2, … (`Service-Delivery-Attempt`); numbering continues after a replay. */
  @Property({ type: 'integer' })
  number!: number;

  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'integer' })
  statusCode!: number;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  /** First 1 KB of the response body. */
  @Property({ type: 'text', nullable: true })
  responseExcerpt: string | null = null;
}
