import type { DocumentEntity } from '../entities/document.entity';
import type { DocumentEventEntity } from '../entities/document-event.entity';

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
export type DocumentRow = RowOf<DocumentEntity>;

export type DocumentColumn = keyof DocumentRow;

/** Columns that the entity marks lazy: large texts that no view reads (the signed JSON, the JWS, the request body). */
export type LazyDocumentColumn = 'dte_json' | 'jws' | 'request';

/** The row every view of a document is built from: the non-lazy columns plus the issuer's name. */
export type DocumentViewRow = Omit<DocumentRow, LazyDocumentColumn> & { emitter_name: string };

/** A `document_events` row (`events[]` line). */
export type DocumentEventRow = RowOf<DocumentEventEntity>;
