import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One document or event of a certification run, keyed by its place in the plan (`01-007`,
 * `invalidation-03`…). Written before and after each request: the Idempotency-Key derived from the run
 * and the key makes a resent request answer the first result instead of issuing again.
 */
@Entity({ tableName: 'certification_items' })
export class CertificationItemEntity {
  @PrimaryKey({ type: 'text' })
  runId!: string;

  @PrimaryKey({ type: 'text' })
  itemKey!: string;

  /** `document`, `held` (a document of a declared contingency), `invalidation`, `contingency`, `return` or `special_operation`. */
  @Property({ type: 'text' })
  kind!: string;

  /** CAT-002 code of the document (the invalidated or held document's type for those kinds). */
  @Property({ type: 'text', nullable: true })
  documentType: string | null = null;

  /** `pending` → `processed` | `rejected`. */
  @Property({ type: 'text' })
  status!: string;

  /** The document, event or contingency episode id. */
  @Property({ type: 'text', nullable: true })
  resourceId: string | null = null;

  @Property({ type: 'text', nullable: true })
  generationCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  seal: string | null = null;

  /** MH's answer on a rejection: `{code, message, observations}`. */
  @Property({ type: 'jsonb', nullable: true })
  mhResponse: Record<string, unknown> | null = null;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
