import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { AccountEntity } from './account.entity';

/** An API key; only its SHA-256 hash is stored, the key itself is shown once at creation. */
@Entity({ tableName: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => AccountEntity, { fieldName: 'account_id', deleteRule: 'cascade' })
  @Index()
  account!: Rel<AccountEntity>;

  /** `00` test (sk_test_) or `01` production (sk_live_). */
  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text', unique: true })
  keyHash!: string;

  /** First characters of the key, safe to show (`sk_test_4fZq`). */
  @Property({ type: 'text' })
  displayPrefix!: string;

  @Property({ type: 'text[]' })
  scopes!: string[];

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  /** Last request made with the key, written at most once a minute per key (never a write per request). */
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;

  /** The panel user who created it (null for the CLI and the demo key). */
  @Property({ type: 'text', nullable: true })
  createdByUserId: string | null = null;

  /** Limits (ADR 0054); null = none. The only emitters the key sees and issues for. */
  @Property({ type: 'text[]', nullable: true })
  emitterIds: string[] | null = null;

  /** The only CAT-002 document types the key issues. */
  @Property({ type: 'text[]', nullable: true })
  documentTypes: string[] | null = null;

  /** CIDRs the key's requests must come from (the client address TRUST_PROXY gives). */
  @Property({ type: 'text[]', nullable: true })
  allowedIps: string[] | null = null;

  /** The key stops working at this instant. */
  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;
}
