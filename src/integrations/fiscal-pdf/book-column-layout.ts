/**
 * The columns of a book's page (ADR 0044): every column readable in full. An amount column is as wide
 * as its widest value (every row and the total): an amount never wraps. Every header is wrapped at its
 * words, in three lines at most, so a column is at least that wide. The text columns (control
 * numbers, generation codes, seals, names) share what is left in proportion to their widest cell and
 * wrap onto as many lines as they need. When even that does not fit the page, the font gets smaller.
 */
import type { ReportColumn } from '../../domain/fiscal';

/** Width in points of `text` in the regular (`bold` false) or bold face at `size`. */
export type Measure = (text: string, bold: boolean, size: number) => number;

export interface ColumnLayout {
  fontSize: number;
  widths: number[];
}

const FONT_SIZES = [6.5, 6, 5.5, 5, 4.5] as const;
/** Space between two columns, in em. */
const GAP_EM = 1.2;
/** Narrowest a text column may get: this many digits. */
const MIN_TEXT_DIGITS = 8;

/** Most lines a header may take: a narrow amount column widens rather than stack its label word by word. */
const HEADER_LINES = 3;

/** Narrowest width (at size 1) at which `label` wraps at its words into HEADER_LINES lines at most, never inside a word. */
function headerWidth(label: string, measure: Measure): number {
  const words = label.split(' ');
  let w = 0;
  for (const word of words) w = Math.max(w, measure(word, true, 1));
  const space = measure(' ', true, 1);
  const lines = (width: number) => {
    let n = 1;
    let used = 0;
    for (const word of words) {
      const ww = measure(word, true, 1);
      if (used && used + space + ww > width) {
        n++;
        used = ww;
      } else used += (used ? space : 0) + ww;
    }
    return n;
  };
  while (lines(w) > HEADER_LINES) w += space;
  return w;
}

export function layoutColumns(columns: readonly ReportColumn[], rows: readonly (readonly string[])[], totals: Record<string, string>, pageWidth: number, measure: Measure): ColumnLayout {
  // Widths scale with the font size: measured once at size 1, for every row.
  const naturalEm = columns.map((c, i) => {
    let w = c.kind === 'amount' ? measure(totals[c.key] ?? '', true, 1) : 0;
    for (const row of rows) {
      const cell = row[i];
      if (cell) w = Math.max(w, measure(cell, false, 1));
    }
    return w;
  });
  const headerEm = columns.map((c) => headerWidth(c.label, measure));
  const minTextEm = measure('0'.repeat(MIN_TEXT_DIGITS), false, 1);
  let layout: ColumnLayout | null = null;
  for (const size of FONT_SIZES) {
    const gap = GAP_EM * size;
    const natural = naturalEm.map((n) => n * size);
    const min = columns.map((c, i) => Math.max(headerEm[i] * size, c.kind === 'amount' ? natural[i] : Math.min(natural[i], minTextEm * size)) + gap);
    const want = natural.map((n, i) => Math.max(0, n + gap - min[i]));
    const floor = min.reduce((a, b) => a + b, 0);
    if (floor > pageWidth && size !== FONT_SIZES[FONT_SIZES.length - 1]) continue;
    const room = Math.max(0, pageWidth - floor);
    const wanted = want.reduce((a, b) => a + b, 0);
    let widths: number[];
    if (wanted <= room) {
      // Everything fits on one line: what is left is spread over every column.
      const spare = room - wanted;
      const base = min.map((m, i) => m + want[i]);
      const sum = base.reduce((a, b) => a + b, 0) || 1;
      widths = base.map((b) => b + (spare * b) / sum);
    } else {
      widths = min.map((m, i) => m + (wanted ? (room * want[i]) / wanted : 0));
    }
    // Wider than the page only at the smallest size: scaled down with the rest (never with MH's figures).
    const total = widths.reduce((a, b) => a + b, 0);
    if (total > pageWidth) widths = widths.map((w) => (w * pageWidth) / total);
    layout = { fontSize: size, widths };
    break;
  }
  return layout!;
}
