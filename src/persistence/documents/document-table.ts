import type { EntityMetadata, MikroORM } from '@mikro-orm/core';
import { DocumentEntity } from '../entities/document.entity';
import { DocumentEventEntity } from '../entities/document-event.entity';
import type { DocumentColumn, DocumentEventRow, LazyDocumentColumn } from './document-row';

/** What the store needs to know of a table: its name, its columns in entity order, their SQL types. */
export interface TableShape<C extends string> {
  table: string;
  columns: readonly C[];
  /** Column → SQL type as the ORM declares it (`text`, `numeric(18,2)`, `jsonb`, …). */
  types: Readonly<Record<C, string>>;
  lazy: ReadonlySet<C>;
  /** Columns PostgreSQL computes: read back like the others, never written. */
  generated: readonly string[];
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Reads a table's shape from the ORM's metadata of its entity (the schema truth migrations are
 * generated from). Checks that every column is named as the row types (`RowOf`) assume, so the
 * statements typed against those rows and the table cannot drift apart unnoticed.
 */
export function tableShape<C extends string>(meta: EntityMetadata): TableShape<C> {
  const columns: C[] = [];
  const types = {} as Record<C, string>;
  const lazy = new Set<C>();
  const generated: string[] = [];
  for (const prop of meta.props) {
    if (prop.persist === false || !prop.fieldNames?.length) continue;
    // Generated columns (PostgreSQL computes them on every write) are read, never written.
    if (prop.generated) {
      generated.push(prop.fieldNames[0]);
      continue;
    }
    const expected = prop.kind === 'm:1' ? `${snakeCase(prop.name)}_id` : snakeCase(prop.name);
    const column = prop.fieldNames[0] as C;
    if (prop.fieldNames.length !== 1 || column !== expected) {
      throw new Error(`BUG: ${meta.className}.${prop.name} se guarda en "${prop.fieldNames.join(', ')}", no en "${expected}" como suponen los tipos de fila`);
    }
    columns.push(column);
    types[column] = prop.columnTypes[0];
    if (prop.lazy) lazy.add(column);
  }
  return { table: meta.tableName, columns, types, lazy, generated };
}

export interface DocumentTables {
  documents: TableShape<DocumentColumn>;
  events: TableShape<keyof DocumentEventRow & string>;
}

const LAZY: readonly LazyDocumentColumn[] = ['dte_json', 'jws', 'request'];

export function documentTables(orm: MikroORM): DocumentTables {
  const documents = tableShape<DocumentColumn>(orm.getMetadata().get(DocumentEntity.name));
  const lazy = [...documents.lazy].sort();
  if (lazy.join() !== [...LAZY].sort().join()) throw new Error(`BUG: columnas perezosas de documents: ${lazy.join(', ')}; los tipos suponen ${LAZY.join(', ')}`);
  return { documents, events: tableShape(orm.getMetadata().get(DocumentEventEntity.name)) };
}

/** `alias.col, alias.col2, …` of the given columns. */
export function columnList(columns: readonly string[], alias?: string): string {
  return columns.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');
}
