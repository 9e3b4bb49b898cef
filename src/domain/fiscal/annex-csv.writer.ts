/**
 * The F-07 upload file [F-07 doc §2]: `;` separator, **no header**, one line per row, every cell as
 * text (dates DD/MM/AAAA, amounts with 2 decimals, never blank — the generators guarantee both).
 * Not stated by MH, so params (§10 Q1, Q2): encoding utf-8 (no BOM) or windows-1252; line end CRLF
 * or LF (a line end after every line, as Excel writes); quoting none (default: text is already
 * stripped of `;`, `"` and line breaks), minimal or all. Text cells that a spreadsheet would run as a
 * formula get a leading apostrophe (csv-formula.guard.ts).
 */
import type { AnnexCsvParams } from './report-params.schema';
import type { FiscalReport } from './report.types';
import { columnKinds, guardRow } from './csv-formula.guard';
import { encodeText } from './text-encoding.helpers';

const NEEDS_QUOTES = /[;"\r\n]/;

function quoteCell(cell: string): string {
  return `"${cell.replace(/"/g, '""')}"`;
}

export function annexCsvText(report: Pick<FiscalReport, 'rows' | 'columns'>, options: Pick<AnnexCsvParams, 'eol' | 'quoting'>): string {
  const eol = options.eol === 'lf' ? '\n' : '\r\n';
  const kinds = columnKinds(report.columns);
  const lines = new Array<string>(report.rows.length);
  for (let i = 0; i < report.rows.length; i++) {
    const row = guardRow(report.rows[i], kinds);
    if (options.quoting === 'all') lines[i] = row.map(quoteCell).join(';');
    else if (options.quoting === 'minimal') lines[i] = row.map((c) => (NEEDS_QUOTES.test(c) ? quoteCell(c) : c)).join(';');
    else lines[i] = row.map((c) => (NEEDS_QUOTES.test(c) ? c.replace(/[;"\r\n]+/g, ' ') : c)).join(';');
  }
  return lines.length === 0 ? '' : lines.join(eol) + eol;
}

export function writeAnnexCsv(report: Pick<FiscalReport, 'rows' | 'columns'>, options: AnnexCsvParams): Buffer {
  return encodeText(annexCsvText(report, options), options.encoding);
}
