import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { directoryColumnOf, readDirectoryCsv, type DirectoryKind } from '../../domain/directory/directory-csv';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ImportCustomersService } from './import-customers.service';
import { MAX_DIRECTORY_BATCH } from './import-directory-entries';
import type { ImportProductsService } from './import-products.service';

export const importDirectoryCsvSchema = z.strictObject({
  csv: z.string().min(1, { error: 'El archivo CSV está vacío.' }),
  dryRun: z.boolean().optional().describe('true: valida cada fila sin guardar nada (vista previa)'),
});
export type ImportDirectoryCsvInput = z.output<typeof importDirectoryCsvSchema>;

/** One row of the file: what was (or, in a preview, would be) done with it, and its errors in Spanish. */
export interface DirectoryCsvRowResult {
  row: number;
  status: 'created' | 'updated' | 'refused';
  /** The saved entry's id; null in a preview and on a refusal. */
  id: string | null;
  errors: { column: string | null; message: string }[];
}

export interface DirectoryCsvImport {
  dryRun: boolean;
  created: number;
  updated: number;
  refused: number;
  rows: DirectoryCsvRowResult[];
}

/** `;` when the header row has semicolons and no commas (the export, a spreadsheet with a Spanish locale), else `,`. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function fileError(message: string, errors?: { row: number; column: string | null; message: string }[]): DomainError {
  if (!errors) return DomainError.field('validation_failed', 'csv', message);
  return new DomainError('validation_failed', message, errors.map((e) => ({ path: 'csv', code: 'validation_failed' as const, message: `Fila ${e.row}${e.column ? `, columna «${e.column}»` : ''}: ${e.message}` })));
}

/**
 * Reads a customers' or products' CSV (ADR 0065: Spanish headers of the template, comma or
 * semicolon, UTF-8 with or without BOM), one batch item per row, and runs the directory batch with
 * it — as a preview (`dryRun`: every row judged, nothing saved) or for real. Each result names its
 * file row; each field error its Spanish column. Unknown headers, an unreadable file or more than 500
 * rows refuse the file (422) and nothing is saved.
 */
export class ImportDirectoryCsvService {
  constructor(private readonly customers: ImportCustomersService, private readonly products: ImportProductsService) {}

  async execute(actor: Actor, kind: DirectoryKind, emitterId: string, input: ImportDirectoryCsvInput): Promise<DirectoryCsvImport> {
    let cells: string[][];
    try {
      cells = parse(input.csv, { bom: true, delimiter: delimiterOf(input.csv), relax_column_count: true, skip_empty_lines: false }) as string[][];
    } catch (err) {
      const line = (err as { lines?: number }).lines;
      throw fileError(`El archivo no es un CSV válido${line ? ` (cerca de la línea ${line})` : ''}: revise las comillas y los separadores.`);
    }
    const read = readDirectoryCsv(kind, cells);
    if (!read.ok) throw fileError(read.errors.length === 1 ? `Fila ${read.errors[0].row}: ${read.errors[0].message}` : `El archivo tiene ${read.errors.length} errores en sus encabezados.`, read.errors);
    if (read.items.length > MAX_DIRECTORY_BATCH) {
      throw fileError(`El archivo tiene ${read.items.length} filas; el máximo por archivo es ${MAX_DIRECTORY_BATCH}. No se guardó nada.`);
    }
    const opts = { dryRun: input.dryRun === true };
    const outcome = kind === 'customers'
      ? await this.customers.execute(actor, emitterId, read.items, opts)
      : await this.products.execute(actor, emitterId, read.items, opts);
    const rows: DirectoryCsvRowResult[] = outcome.results.map((r) => ({
      row: read.rows[r.index],
      status: r.status,
      id: r.entry?.id ?? null,
      errors: r.error ? r.error.errors.map((e) => ({ column: directoryColumnOf(kind, e.path), message: e.message })) : [],
    }));
    for (const e of read.errors) rows.push({ row: e.row, status: 'refused', id: null, errors: [{ column: e.column, message: e.message }] });
    rows.sort((a, b) => a.row - b.row);
    const refused = rows.filter((r) => r.status === 'refused').length;
    return { dryRun: opts.dryRun, created: outcome.created, updated: outcome.updated, refused, rows };
  }
}
