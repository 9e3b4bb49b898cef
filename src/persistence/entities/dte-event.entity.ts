import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A 2026 event sent to MH like a document: a return (CAT-002 18) against one of the issuer's FE, FEX
 * or FSE, or a special-operations report (17). The signed JSON exactly as sent and MH's answer.
 */
@Entity({ tableName: 'dte_events' })
@Index({ properties: ['documentId'] })
@Index({ properties: ['emitterId', 'environment', 'kind'] })
export class DteEventEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  /** `00` or `01`. */
  @Property({ type: 'text' })
  environment!: string;

  /** `return` or `special_operation`. */
  @Property({ type: 'text' })
  kind!: string;

  /** The document a return is made against (null for special operations). */
  @Property({ type: 'text', nullable: true })
  documentId: string | null = null;

  @Property({ type: 'text', nullable: true })
  externalId: string | null = null;

  /** `pending` → `sealed` | `rejected`; `sealed` → `voided` (domain/events/dte-event-state-machine.ts). */
  @Property({ type: 'text' })
  status!: string;

  /** Uppercase UUID of the event. */
  @Property({ type: 'text', unique: true })
  generationCode!: string;

  /** `identificacion.fecEmi` (El Salvador date). */
  @Property({ type: 'text' })
  eventDate!: string;

  /** Return: `[{numItem, quantity, description}]`; special operations: the request's lines. */
  @Property({ type: 'jsonb' })
  lines!: Record<string, unknown>[];

  @Property({ type: 'jsonb' })
  totals!: { subtotal: string; iva: string; total: string; totalInWords: string };

  @Property({ type: 'text', lazy: true })
  eventJson!: string;

  @Property({ type: 'text', lazy: true })
  jws!: string;

  @Property({ type: 'text', nullable: true })
  seal: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null = null;

  @Property({ type: 'integer' })
  transmissionAttempts: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  transmitLeaseUntil: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  processedAt: Date | null = null;

  /**
   * The latest invalidation of the event (a sealed event only): `{reasonType, reason, receptionStamp,
   * status: pending|sealed|rejected, mh}`, written by the event store with its invalidation (ADR 0063).
   */
  @Property({ type: 'jsonb', nullable: true })
  void: Record<string, unknown> | null = null;

  /** When MH sealed the invalidation (the event is then `voided`). */
  @Property({ type: 'timestamptz', nullable: true })
  voidedAt: Date | null = null;

  /** Uppercase UUID of the latest invalidation event. */
  @Property({ type: 'text', nullable: true })
  voidGenerationCode: string | null = null;

  @Property({ type: 'text', nullable: true, lazy: true })
  voidEventJson: string | null = null;

  @Property({ type: 'text', nullable: true, lazy: true })
  voidJws: string | null = null;

  /** Sends of the latest invalidation event. */
  @Property({ type: 'integer' })
  voidAttempts: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
