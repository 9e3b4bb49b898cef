import type { DocumentEntity } from '../entities/document.entity';
import type { DocumentEventEntity } from '../entities/document-event.entity';
import type { EmitterColumnsRow } from '../emitter-row';

/** `totalInWords` → `total_in_words`, as the ORM's underscore naming strategy names columns. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}` : S;

/** A many-to-one property is stored as its `<name>_id` column holding the related id. */
type ColumnOf<K extends string, V> = V extends { id: string } ? `${K}_id` : SnakeCase<K>;
type ValueOf<V> = V extends { id: string } ? string : V;

/** An entity's row as `pg` returns it: columns named by the naming strategy, values as the driver parses them. */
export type RowOf<E> = { [K in keyof E & string as ColumnOf<K, E[K]>]: ValueOf<E[K]> };

/**
 * A `documents` row, typed from DocumentEntity (the schema truth): every statement of the store reads
 * and writes rows of this type, so a renamed or retyped property fails the type check here.
 */
export type DocumentRow = RowOf<Omit<DocumentEntity, GeneratedDocumentProperty>>;

/** Properties PostgreSQL computes (generated columns): no statement of the store writes or reads them. */
export type GeneratedDocumentProperty = 'receiverSearch';

export type DocumentColumn = keyof DocumentRow;

/** Columns that the entity marks lazy: large texts that no view reads (the signed JSON, the JWS, the request body). */
export type LazyDocumentColumn = 'dte_json' | 'jws' | 'request';

/**
 * The columns a document's view is built from, and only those: the list and the read by id select
 * them (a page of 100 documents parses no timestamp or JSON it does not show), and `toDocumentView`
 * can read nothing else (a column it starts to read fails the type check until it is listed here).
 */
export const DOCUMENT_VIEW_COLUMNS = [
  'id', 'emitter_id', 'environment', 'type', 'status', 'external_id', 'generation_code', 'control_number', 'reception_stamp',
  'processed_at', 'issued_at', 'issue_date', 'created_at', 'subtotal', 'iva', 'total', 'total_in_words', 'mh_response',
  'establishment_code', 'point_of_sale_code', 'receiver_name', 'receiver_document_type', 'receiver_document_number', 'receiver_nrc',
  'receiver_email', 'related_documents', 'voided_at', 'void', 'warnings', 'replaces_document_id', 'replaced_by_document_id',
] as const satisfies readonly Exclude<DocumentColumn, LazyDocumentColumn>[];

/** The row every view of a document is built from: its view's columns plus the issuer's name. */
export type DocumentViewRow = Pick<DocumentRow, (typeof DOCUMENT_VIEW_COLUMNS)[number]> & { emitter_name: string };

/** A `document_events` row (`events[]` line). */
export type DocumentEventRow = RowOf<DocumentEventEntity>;

/**
 * The issuer's columns a document's own reads carry (`findOwn`, `findSigned`): what invalidation,
 * correction, the PDF and the e-mail read of the issuer (the `emitters` columns of the same names).
 */
export type DocumentIssuerRow = EmitterColumnsRow & { logo_url: string | null };

/** A stored document as a plain row (every column but the lazy texts) with its issuer: never a managed entity. */
export type StoredDocumentRow = Omit<DocumentRow, LazyDocumentColumn> & { emitter: DocumentIssuerRow };

/** A stored document with its signed JSON and JWS (PDF, e-mail, `/json`). */
export type SignedDocumentRow = StoredDocumentRow & Pick<DocumentRow, 'dte_json' | 'jws'>;
