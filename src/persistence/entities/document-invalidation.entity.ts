import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** An invalidation event (invalidacion-schema v3) of a document: the signed JSON, MH's answer. */
@Entity({ tableName: 'document_invalidations' })
@Index({ properties: ['documentId'] })
export class DocumentInvalidationEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  documentId!: string;

  /** Uppercase UUID of the event. */
  @Property({ type: 'text', unique: true })
  generationCode!: string;

  /** `1` error, `2` rescind, `3` other (CAT-024). */
  @Property({ type: 'text' })
  reasonType!: string;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Property({ type: 'text', nullable: true })
  replacementDocumentId: string | null = null;

  @Property({ type: 'jsonb' })
  responsible!: { name: string; documentType: string; documentNumber: string };

  @Property({ type: 'jsonb' })
  requester!: { name: string; documentType: string; documentNumber: string };

  /** `pending` (MH not reached yet) → `sealed` | `rejected`. */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text', lazy: true })
  eventJson!: string;

  @Property({ type: 'text', lazy: true })
  jws!: string;

  @Property({ type: 'text', nullable: true })
  seal: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null = null;

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
