import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'accounts' })
export class AccountEntity {
  [OptionalProps]?: 'createdAt' | 'planCode' | 'embedOrigins' | 'secondFactorRequired';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Code of the account's plan in the price list; null (or a code no longer listed) = the list's default plan. */
  @Property({ type: 'text', nullable: true })
  planCode: string | null = null;

  /** Origins allowed to frame the account's embed views (`Content-Security-Policy: frame-ancestors`). */
  @Property({ type: 'text[]', default: '{}' })
  embedOrigins: string[] = [];

  /** The owner requires a second factor (TOTP) of every user: those without one enrol at their next login. */
  @Property({ type: 'boolean', default: false })
  secondFactorRequired: boolean = false;
}
