import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { DocumentCreateInput } from '../../domain/dte/document-create.schema';
import type { StoredDocumentStatus } from '../../domain/documents/document-status';
import type { DocumentMhResponse, DocumentVoidInfo } from '../../domain/documents/document-view';
import { EmitterEntity } from './emitter.entity';
import { AWAITING_TRANSMISSION_STATUSES } from '../../domain/documents/document-status';
import { statusListSql } from '../documents/status-list-sql';

/**
 * An issued document. `dteJson` holds the official JSON text exactly as signed and `jws` the compact
 * signature sent to MH; neither is ever re-serialised. Amount columns are numeric (exact decimals).
 * The schema truth migrations are generated from; only the document store (src/persistence/documents)
 * reads and writes the table, with column lists taken from this entity's metadata. Lazy columns are
 * left out of the document's views.
 */
/**
 * Properties PostgreSQL computes (generated columns): the store never writes them (its insert and
 * update column lists leave them out) and reads them back like any column.
 */
export type GeneratedDocumentProperty = 'receiverSearch' | 'notes';

@Entity({ tableName: 'documents' })
@Index({ name: 'documents_list_idx', properties: ['accountId', 'environment', 'id'] })
@Index({ name: 'documents_emitter_idx', properties: ['accountId', 'environment', 'emitter', 'id'] })
@Index({ name: 'documents_status_idx', properties: ['accountId', 'environment', 'status', 'id'] })
@Index({ name: 'documents_type_idx', properties: ['accountId', 'environment', 'type', 'id'] })
@Index({ name: 'documents_external_idx', properties: ['accountId', 'environment', 'externalId'] })
@Index({ name: 'documents_issue_date_idx', properties: ['accountId', 'environment', 'issueDate', 'id'] })
@Index({ name: 'documents_control_number_idx', properties: ['controlNumber'] })
@Index({ name: 'documents_stamp_idx', properties: ['receptionStamp'] })
// The fiscal ledger's reads of a period by type and status.
@Index({ name: 'documents_ledger_type_status_idx', properties: ['emitter', 'environment', 'issueDate', 'type', 'status'] })
// Partial and expression indexes, written in raw SQL (the ORM compares them by name only):
// voided documents for the ledger, and the receiver search's trigrams over the folded text
// (`receiverSearch`; receiver-text-match.ts, ADR 0040).
@Index({ name: 'documents_ledger_voided_idx', expression: 'create index "documents_ledger_voided_idx" on "documents" ("emitter_id", "environment", "voided_at") where "voided_at" is not null' })
// Documents waiting for a transmitter (the workers' batch claim and the reconciler): a few rows of the table, whatever its size.
@Index({ name: 'documents_awaiting_transmission_idx', expression: `create index "documents_awaiting_transmission_idx" on "documents" ("updated_at") where "status" in (${statusListSql(AWAITING_TRANSMISSION_STATUSES)})` })
@Index({
  name: 'documents_receiver_search_idx',
  expression: 'create index "documents_receiver_search_idx" on "documents" using gin ("receiver_search" gin_trgm_ops) with (fastupdate = off)',
})
export class DocumentEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @ManyToOne(() => EmitterEntity, { fieldName: 'emitter_id' })
  emitter!: Rel<EmitterEntity>;

  @Property({ type: 'text' })
  environment!: string;

  /** CAT-002 */
  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  status!: StoredDocumentStatus;

  @Property({ type: 'text', nullable: true })
  externalId: string | null = null;

  @Property({ type: 'text', unique: true })
  generationCode!: string;

  @Property({ type: 'text' })
  controlNumber!: string;

  @Property({ type: 'text' })
  establishmentCode!: string;

  @Property({ type: 'text' })
  pointOfSaleCode!: string;

  @Property({ type: 'timestamptz' })
  issuedAt!: Date;

  /** fecEmi (El Salvador calendar date), `yyyy-MM-dd`. */
  @Property({ type: 'text' })
  issueDate!: string;

  /** tipoModelo: 1 previo, 2 diferido (contingency). */
  @Property({ type: 'integer' })
  modelType: number = 1;

  @Property({ type: 'integer', nullable: true })
  contingencyType: number | null = null;

  @Property({ type: 'text', nullable: true })
  contingencyReason: string | null = null;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  subtotal!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  iva!: string;

  @Property({ type: 'decimal', precision: 18, scale: 2 })
  total!: string;

  @Property({ type: 'text' })
  totalInWords!: string;

  @Property({ type: 'text', nullable: true })
  receiverName: string | null = null;

  @Property({ type: 'text', nullable: true })
  receiverDocumentType: string | null = null;

  @Property({ type: 'text', nullable: true })
  receiverDocumentNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  receiverNrc: string | null = null;

  @Property({ type: 'text', nullable: true })
  receiverEmail: string | null = null;

  /**
   * The receiver's name and document number folded for the search (lower case, no accents, no dashes:
   * dte_search_text, ADR 0040), computed by PostgreSQL on every write: the store never writes it
   * (generated columns are left out of its column lists) and only the search reads it.
   */
  @Property({ type: 'text', nullable: true, generated: `(dte_search_text(coalesce(receiver_name, '') || ' ' || coalesce(receiver_document_number, ''))) stored` })
  receiverSearch?: string | null;

  /** The document's observaciones as issued (the request's `notes`, or the raw JSON's), computed by PostgreSQL from the request. */
  @Property({ type: 'text', nullable: true, generated: `(coalesce(request->>'notes', request->'raw'->'extension'->>'observaciones', request->'raw'->'resumen'->>'observaciones')) stored` })
  notes?: string | null;

  /** `[{id, type, generation_code}]` */
  @Property({ type: 'jsonb' })
  relatedDocuments: { id: string | null; type: string; generationCode: string; issuedOn: string }[] = [];

  @Property({ type: 'jsonb' })
  warnings: { code: string; message: string }[] = [];

  /** The validated issuance body (camelCase) the JSON was built from (not part of the document's views). */
  @Property({ type: 'jsonb', lazy: true })
  request!: DocumentCreateInput;

  /** Official JSON text exactly as signed. */
  @Property({ type: 'text', lazy: true })
  dteJson!: string;

  /** JWS compact serialization sent to MH. */
  @Property({ type: 'text', lazy: true })
  jws!: string;

  @Property({ type: 'timestamptz', nullable: true })
  signedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  receptionStamp: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  processedAt: Date | null = null;

  /** `{code, message, observations}` of MH's last answer. */
  @Property({ type: 'jsonb', nullable: true })
  mhResponse: DocumentMhResponse | null = null;

  @Property({ type: 'integer' })
  transmissionAttempts: number = 0;

  /** A transmitter (request or job) holds the document until then; expired = free to take over. */
  @Property({ type: 'timestamptz', nullable: true })
  transmitLeaseUntil: Date | null = null;

  /** The contingency episode holding this document, while it waits for MH. */
  @Property({ type: 'text', nullable: true })
  contingencyEpisodeId: string | null = null;

  /** tipoOperacion: 1 normal, 2 contingency transmission. */
  @Property({ type: 'integer' })
  operationType: number = 1;

  @Property({ type: 'timestamptz', nullable: true })
  firstTransmittedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  rejectedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  voidedAt: Date | null = null;

  @Property({ type: 'jsonb', nullable: true })
  void: DocumentVoidInfo | null = null;

  @Property({ type: 'text', nullable: true })
  replacesDocumentId: string | null = null;

  @Property({ type: 'text', nullable: true })
  replacedByDocumentId: string | null = null;

  @Property({ type: 'boolean' })
  sendEmail: boolean = false;

  @Property({ type: 'jsonb' })
  fiscalTags: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
