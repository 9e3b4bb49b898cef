import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** One line of a document's history (`events[]`): created, signed, transmitted, sealed, rejected, … */
@Entity({ tableName: 'document_events' })
@Index({ properties: ['documentId', 'at'] })
export class DocumentEventEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  documentId!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null = null;
}
