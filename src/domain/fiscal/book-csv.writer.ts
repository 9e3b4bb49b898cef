/**
 * CSV of a VAT book, for people: a header row with the column labels, `;` separator (Spanish Excel),
 * CRLF, RFC 4180 quoting where needed, UTF-8 with BOM by default so Excel shows accents, a totals
 * line at the end ("Totales" in the first column, the sums under their columns). Text cells that a
 * spreadsheet would run as a formula get a leading apostrophe (csv-formula.guard.ts).
 */
import type { BookCsvParams } from './report-params.schema';
import type { FiscalReport } from './report.types';
import { columnKinds, guardRow } from './csv-formula.guard';
import { encodeText } from './text-encoding.helpers';

const NEEDS_QUOTES = /[;"\r\n]/;
const cell = (v: string) => (NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function bookCsvText(report: FiscalReport): string {
  const lines = [report.columns.map((c) => cell(c.label)).join(';')];
  const kinds = columnKinds(report.columns);
  for (const row of report.rows) lines.push(guardRow(row, kinds).map(cell).join(';'));
  const totalsRow = report.columns.map((c, i) => (c.kind === 'amount' ? report.totals[c.key] ?? '' : i === 0 ? 'Totales' : ''));
  lines.push(totalsRow.map(cell).join(';'));
  return lines.join('\r\n') + '\r\n';
}

export function writeBookCsv(report: FiscalReport, options: BookCsvParams): Buffer {
  return encodeText(bookCsvText(report), options.encoding);
}
