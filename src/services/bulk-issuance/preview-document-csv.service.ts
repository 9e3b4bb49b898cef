import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Totals } from '../../domain/dte';
import { CSV_DTE_TYPES, readCsvDocuments, rowErrorsOf, type CsvDteType, type CsvRowError } from '../../domain/dte/document-csv';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { IssueDocumentService } from '../documents/issue-document.service';

export const previewDocumentCsvSchema = z.strictObject({
  emitterId: z.string().min(1).max(255),
  type: z.enum(CSV_DTE_TYPES, { error: 'Tipo de documento para un archivo CSV: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15 (CAT-002).' }),
  establishment: z.string().regex(/^[MBSP][0-9]{3}$/, { error: 'Código de establecimiento de MH de 4 caracteres: M, B, S o P y 3 dígitos (p. ej. M001).' }),
  pointOfSale: z.string().regex(/^P[0-9]{3}$/, { error: 'Código de punto de venta de MH de 4 caracteres: P y 3 dígitos (p. ej. P001).' }),
  csv: z.string().min(1, { error: 'El archivo CSV está vacío.' }),
});
export type PreviewDocumentCsvInput = z.output<typeof previewDocumentCsvSchema>;

/** One document of the file, dry-run: its issuance body (ready for the batch) and what the dry run said. */
export interface CsvPreviewDocument {
  index: number;
  externalId: string;
  rows: number[];
  ok: boolean;
  /** The body to send in `POST /v1/documents/batch` (camelCase here; the door renders it). */
  body: Record<string, unknown>;
  totals: Totals | null;
  errors: CsvRowError[];
}

export interface CsvPreviewRow {
  row: number;
  externalId: string | null;
  ok: boolean;
  errors: { column: string | null; message: string }[];
}

export interface CsvPreview {
  fileSha256: string;
  type: CsvDteType;
  emitterId: string;
  documents: CsvPreviewDocument[];
  rows: CsvPreviewRow[];
}

function fileError(message: string): DomainError {
  return DomainError.field('validation_failed', 'csv', message);
}

/** `;` when the header row has semicolons and no commas (a spreadsheet saved with a Spanish locale), else `,`. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/**
 * Reads a bulk-issuance CSV (ADR 0074) and dry-runs every document it describes with the issuance
 * service — the same rules `POST /v1/documents?dry_run=true` applies — so each bad row is marked, in
 * Spanish, before anything is issued. Nothing is stored, numbered or signed. The answer carries each
 * document's body for the batch and the file's SHA-256, from which the panel derives the documents'
 * Idempotency-Keys (the same file issues nothing twice).
 */
export class PreviewDocumentCsvService {
  constructor(private readonly issue: IssueDocumentService) {}

  async execute(actor: Actor, input: PreviewDocumentCsvInput): Promise<CsvPreview> {
    const text = input.csv;
    let cells: string[][];
    try {
      cells = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false }) as string[][];
    } catch (err) {
      const line = (err as { lines?: number }).lines;
      throw fileError(`El archivo no es un CSV válido${line ? ` (cerca de la línea ${line})` : ''}: revise las comillas y los separadores.`);
    }
    const read = readCsvDocuments(cells, input.type, { emitterId: input.emitterId, establishment: input.establishment, pointOfSale: input.pointOfSale });
    if (!read.ok) {
      const errors = read.errors.map((e) => ({ path: 'csv', code: 'validation_failed' as const, message: `Fila ${e.row}${e.column ? `, columna «${e.column}»` : ''}: ${e.message}` }));
      throw new DomainError('validation_failed', errors.length === 1 ? errors[0].message : `El archivo tiene ${errors.length} errores en sus encabezados.`, errors);
    }
    const documents: CsvPreviewDocument[] = [];
    for (const [index, doc] of read.documents.entries()) {
      let errors = doc.errors;
      let totals: Totals | null = null;
      if (!errors.length) {
        try {
          totals = (await this.issue.execute(actor, doc.body, { dryRun: true })).totals;
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          errors = rowErrorsOf(doc, err.errors);
        }
      }
      documents.push({ index, externalId: doc.externalId, rows: doc.rows, ok: errors.length === 0, body: doc.body, totals, errors });
    }
    const rows = new Map<number, CsvPreviewRow>();
    for (const d of documents) for (const r of d.rows) rows.set(r, { row: r, externalId: d.externalId, ok: true, errors: [] });
    for (const e of read.unassigned) rows.set(e.row, { row: e.row, externalId: null, ok: false, errors: [] });
    for (const e of [...documents.flatMap((d) => d.errors), ...read.unassigned]) {
      const r = rows.get(e.row)!;
      r.ok = false;
      r.errors.push({ column: e.column, message: e.message });
    }
    return {
      fileSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      type: input.type,
      emitterId: input.emitterId,
      documents,
      rows: [...rows.values()].sort((a, b) => a.row - b.row),
    };
  }
}
