/**
 * Bulk issuance from a CSV file (ADR 0074): one row per line (an item; in CR a withheld document,
 * in CL a settled one; a DCL is one row), rows with the same `id_externo` are one document. This
 * module is pure: it reads a type's columns (document-csv-columns.ts), turns parsed rows into
 * issuance bodies (camelCase, as `documentCreateSchema` reads them) and maps the field errors of a
 * body back onto the row and column they came from. Parsing the text itself is the service's
 * (csv-parse).
 */
import { CSV_LINE_KIND, columnsOf, type CsvColumn, type CsvDteType } from './document-csv-columns';

export { CSV_DTE_TYPES, csvTemplateFilename, isCsvDteType, type CsvDteType } from './document-csv-columns';
export { csvTemplateRows } from './document-csv-templates';

/** Most documents one file may carry (the preview dry-runs them all; issuance sends them 100 at a time). */
export const MAX_CSV_DOCUMENTS = 1000;

/** The columns of a type's template, in order, with their help (for docs and the template). */
export function csvColumns(type: CsvDteType): readonly { header: string; level: 'document' | 'line'; required: boolean; help: string }[] {
  return columnsOf(type).map((c) => ({ header: c.header, level: c.level, required: c.requiredFor?.includes(type) === true, help: c.help }));
}

/** A problem with one row of the file (row 1 is the header; the first data row is 2). */
export interface CsvRowError {
  row: number;
  /** The Spanish column it is about, or null for the row (or document) as a whole. */
  column: string | null;
  message: string;
}

/** One document the file describes: its body (camelCase) and the rows it came from. */
export interface CsvDocument {
  externalId: string;
  rows: number[];
  body: Record<string, unknown>;
  /** Problems found while reading the rows (the body is then not dry-run). */
  errors: CsvRowError[];
  /** The type whose columns the rows were read with (maps the service's errors back to columns). */
  type: CsvDteType;
  /** For each of `body.relatedDocuments` (gathered from the lines), the first row that named it. */
  relatedRows?: number[];
}

/** `unassigned`: rows that belong to no document (no `id_externo`, a wrong number of cells): never issued. */
export type CsvReadResult = { ok: true; documents: CsvDocument[]; unassigned: CsvRowError[] } | { ok: false; errors: CsvRowError[] };

const trimmed = (v: string | undefined) => (v ?? '').trim();

/** Sets `a.b.0.c` in `target`, creating objects, and arrays where the next segment is a number. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = target as Record<string, unknown>;
  parts.slice(0, -1).forEach((p, i) => {
    o = (o[p] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string, unknown>;
  });
  o[parts[parts.length - 1]] = value;
}

function cellValue(c: CsvColumn, v: string): unknown {
  if (c.kind === 'lower') return v.toLowerCase();
  if (c.kind === 'integer' && /^\d{1,15}$/.test(v)) return Number(v);
  return v;
}

type Draft = CsvDocument & { first: Map<string, string> };

/**
 * An item line's related document (NC/ND and the sales types): the line keeps its generation code
 * (`relatedDocument`) and the document's `relatedDocuments` lists each one once, in order.
 */
function gatherRelated(doc: Draft, item: Record<string, unknown>, row: number): void {
  const r = item.relatedDocument as { type?: string; generationCode?: string; issuedOn?: string } | undefined;
  if (r === undefined) return;
  const list = (doc.body.relatedDocuments ??= []) as { generationCode?: string }[];
  const key = (r.generationCode ?? '').toUpperCase();
  if (!list.some((x) => (x.generationCode ?? '').toUpperCase() === key)) {
    list.push(r);
    (doc.relatedRows ??= []).push(row);
  }
  if (r.generationCode === undefined) delete item.relatedDocument;
  else item.relatedDocument = r.generationCode;
}

/**
 * Rows (the first one the header) → documents, in the order their `id_externo` first appears.
 * The header must name the type's columns only, each once, with the required ones. Document-level
 * values come from a document's first row; a later row may leave them empty or repeat them, never
 * change them. `defaults` fills the document-level fields no column gives (emitter, type, the
 * establishment and point of sale chosen at upload).
 */
export function readCsvDocuments(rows: string[][], type: CsvDteType, defaults: { emitterId: string; establishment: string; pointOfSale: string }): CsvReadResult {
  if (!rows.length || rows[0].every((h) => trimmed(h) === '')) return { ok: false, errors: [{ row: 1, column: null, message: 'El archivo está vacío: la primera fila debe tener los encabezados de la plantilla.' }] };
  const columns = columnsOf(type);
  const byHeader = new Map(columns.map((c) => [c.header, c]));
  const lineKind = CSV_LINE_KIND[type];
  const headers = rows[0].map((h) => trimmed(h).replace(/^\uFEFF/, '').toLowerCase());
  const headerErrors: CsvRowError[] = [];
  headers.forEach((h, i) => {
    if (h === '') headerErrors.push({ row: 1, column: null, message: `La columna ${i + 1} no tiene encabezado.` });
    else if (!byHeader.has(h)) headerErrors.push({ row: 1, column: h, message: `Columna desconocida «${h}» para este tipo de documento: use los encabezados de su plantilla.` });
    else if (headers.indexOf(h) !== i) headerErrors.push({ row: 1, column: h, message: `La columna «${h}» está repetida.` });
  });
  for (const c of columns) if (c.requiredFor?.includes(type) && !headers.includes(c.header)) headerErrors.push({ row: 1, column: c.header, message: `Falta la columna obligatoria «${c.header}».` });
  if (headerErrors.length) return { ok: false, errors: headerErrors };
  const documentColumns = columns.filter((c) => c.level === 'document');
  const lineColumns = columns.filter((c) => c.level === 'line');
  const position = new Map(headers.map((h, i) => [h, i]));

  const byId = new Map<string, Draft>();
  const loose: CsvRowError[] = [];
  rows.slice(1).forEach((cells, i) => {
    const rowNo = i + 2;
    if (cells.every((c) => trimmed(c) === '')) return;
    if (cells.length !== headers.length) {
      loose.push({ row: rowNo, column: null, message: `La fila tiene ${cells.length} columnas y el encabezado ${headers.length}.` });
      return;
    }
    const value = (h: string) => { const at = position.get(h); return at === undefined ? '' : trimmed(cells[at]); };
    const externalId = value('id_externo');
    if (!externalId) {
      loose.push({ row: rowNo, column: 'id_externo', message: 'Falta «id_externo»: cada fila debe decir a qué documento pertenece.' });
      return;
    }
    let doc = byId.get(externalId);
    if (!doc) {
      const body: Record<string, unknown> = { emitterId: defaults.emitterId, type, establishment: defaults.establishment, pointOfSale: defaults.pointOfSale, externalId };
      if (lineKind !== 'none') body[lineKind] = [];
      doc = { externalId, rows: [], body, errors: [], type, first: new Map() };
      byId.set(externalId, doc);
      for (const c of documentColumns) {
        const v = value(c.header);
        doc.first.set(c.header, v);
        if (v !== '' && c.header !== 'id_externo') setPath(doc.body, c.path, cellValue(c, v));
      }
    } else if (lineKind === 'none') {
      doc.errors.push({ row: rowNo, column: 'id_externo', message: `Un documento contable de liquidación es una sola fila: «${externalId}» ya está en la fila ${doc.rows[0]}.` });
    } else {
      for (const c of documentColumns) {
        const v = value(c.header);
        if (v !== '' && v !== doc.first.get(c.header)) {
          doc.errors.push({ row: rowNo, column: c.header, message: `«${c.header}» no coincide con la fila ${doc.rows[0]} del mismo documento (${externalId}); deje la celda vacía o repita el mismo valor.` });
        }
      }
    }
    doc.rows.push(rowNo);
    if (lineKind === 'none') return;
    const line: Record<string, unknown> = {};
    for (const c of lineColumns) {
      const v = value(c.header);
      if (v !== '') setPath(line, c.path, cellValue(c, v));
    }
    if (lineKind === 'items') gatherRelated(doc, line, rowNo);
    (doc.body[lineKind] as unknown[]).push(line);
  });
  const documents = [...byId.values()].map(({ first: _first, ...d }) => d);
  if (!documents.length && !loose.length) return { ok: false, errors: [{ row: 2, column: null, message: 'El archivo no tiene filas de datos.' }] };
  if (documents.length > MAX_CSV_DOCUMENTS) {
    return { ok: false, errors: [{ row: 1, column: null, message: `El archivo tiene ${documents.length} documentos; el máximo por archivo es ${MAX_CSV_DOCUMENTS}.` }] };
  }
  return { ok: true, documents, unassigned: loose };
}

/** The column a path names among `columns` (exactly, by an alias, or as a part of it: `receiver.address` → the department). */
function columnFor(columns: readonly CsvColumn[], path: string): string | null {
  const exact = columns.find((c) => c.path === path || c.aliases?.includes(path));
  if (exact) return exact.header;
  const near = columns.find((c) => path.startsWith(`${c.path}.`) || c.path.startsWith(`${path}.`));
  return near?.header ?? null;
}

const LINE_PATH = /^(items|withholdings|settledDocuments)\.(\d+)(?:\.(.*))?$/;
const RELATED_PATH = /^relatedDocuments\.(\d+)(?:\.(.*))?$/;

/**
 * The service's refusal of a document's body, onto its rows: a line's field on that line's row, a
 * related document on the row that first named it, everything else on the document's first row.
 * Messages stay the service's (Spanish).
 */
export function rowErrorsOf(doc: Pick<CsvDocument, 'rows' | 'type' | 'relatedRows'>, errors: readonly { path: string | null; message: string }[]): CsvRowError[] {
  const columns = columnsOf(doc.type);
  const lineColumns = columns.filter((c) => c.level === 'line');
  const documentColumns = columns.filter((c) => c.level === 'document');
  return errors.map((e) => {
    const path = (e.path ?? '').replace(/\[(\d+)\]/g, '.$1');
    const line = LINE_PATH.exec(path);
    if (line) {
      const n = Number(line[2]);
      return { row: doc.rows[n] ?? doc.rows[0], column: line[3] ? columnFor(lineColumns, line[3]) : null, message: e.message };
    }
    const related = RELATED_PATH.exec(path);
    if (related) {
      const field = related[2] ? `relatedDocument.${related[2]}` : 'relatedDocument';
      return { row: doc.relatedRows?.[Number(related[1])] ?? doc.rows[0], column: columnFor(lineColumns, field), message: e.message };
    }
    return { row: doc.rows[0], column: path ? columnFor(documentColumns, path) : null, message: e.message };
  });
}
