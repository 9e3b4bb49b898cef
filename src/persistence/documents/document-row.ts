import type { DocumentEntity, GeneratedDocumentProperty } from '../entities/document.entity';
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

export type { GeneratedDocumentProperty } from '../entities/document.entity';

/** A `documents` row as a read gives it: the written columns and those PostgreSQL computes (generated). */
export type DocumentReadRow = RowOf<DocumentEntity>;

export type DocumentColumn = keyof DocumentRow;

/** Columns that the entity marks lazy: large texts that no view reads (the signed JSON, the JWS, the request body). */
export type LazyDocumentColumn = 'dte_json' | 'jws' | 'request';

/** The row every view of a document is built from: its view's columns plus the issuer's name. */
export type DocumentViewRow<C extends keyof DocumentReadRow = keyof DocumentReadRow> = Pick<DocumentReadRow, C> & { emitter_name: string };

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
