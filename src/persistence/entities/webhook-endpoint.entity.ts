import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A URL that receives signed events of one account AND one environment (that of the key that
 * created it). The signing secret is sealed with the master key (AAD `webhook:<id>:secret`); during
 * a roll's overlap the previous secret also signs (`previousSecretSealed` until `previousSecretExpiresAt`).
 */
@Entity({ tableName: 'webhook_endpoints' })
@Index({ name: 'webhook_endpoints_account_idx', properties: ['accountId', 'environment', 'id'] })
export class WebhookEndpointEntity {
  /** `we_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  /** `00` or `01`: the endpoint receives only events of this environment. */
  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  url!: string;

  /** Event names or `*`. */
  @Property({ type: 'jsonb' })
  events!: string[];

  @Property({ type: 'text' })
  secretSealed!: string;

  @Property({ type: 'text', nullable: true })
  previousSecretSealed: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null = null;

  @Property({ type: 'boolean' })
  disabled: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  lastDeliveryAt: Date | null = null;

  /** HTTP status of the last attempt; 0 when there was no response. */
  @Property({ type: 'integer', nullable: true })
  lastDeliveryStatus: number | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
