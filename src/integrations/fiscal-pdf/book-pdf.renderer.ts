/**
 * PDF of a VAT book (the domain's `BookPdfRenderer` port) with pdfkit: landscape letter, a title
 * block (book, taxpayer, NRC/NIT, period) and folio number on every page (RCT art. 82), every column
 * readable in full (book-column-layout.ts: headers wrapped at their words, codes and names on as many
 * lines as they need, amounts never wrapped), the monthly totals, the book's closing summary in the
 * words of the regulation (bookSummary) and the accountant's signature line at the end (ADR 0044).
 * Same input → same bytes (fixed document dates). Text goes through the table text writer (a book
 * has up to 100,000 rows).
 */
import { pdfkit } from '../shared/lazy-library';
import { BOOK_TOTALS_LABEL, type BookSummary, type FiscalReport } from '../../domain/fiscal';
import type { BookHeader, BookPdfRenderer } from '../../services/ports/book-pdf-renderer.port';
import { layoutColumns } from './book-column-layout';
import { TableTextWriter, type TextBox } from './table-text.writer';

const PAGE = { width: 792, height: 612 };
const MARGIN = 28;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 12;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Line height as a multiple of the font size; space between two rows. */
const LEADING = 1.2;
const ROW_GAP = 2.5;
const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function periodLabel(period: string): string {
  const [y, m] = period.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} de ${y}`;
}

/** Where each column of the book's table lies across the page, in points from the left edge (what the renderer lays out). */
export function bookColumnSpans(report: FiscalReport): { from: number; to: number }[] {
  const writer = new TableTextWriter(new (pdfkit())({ autoFirstPage: false }));
  const { widths } = layoutColumns(report.columns, report.rows, report.totals, WIDTH, (text, bold, size) => writer.widthOf(text, bold ? BOLD : FONT, size));
  let left = MARGIN;
  return widths.map((w) => {
    const span = { from: left, to: left + w };
    left += w;
    return span;
  });
}

export class PdfkitBookRenderer implements BookPdfRenderer {
  async render(report: FiscalReport, header: BookHeader): Promise<Buffer> {
    const doc = new (pdfkit())({ size: 'LETTER', layout: 'landscape', margin: MARGIN, autoFirstPage: false, compress: true, info: { Title: `${header.title} ${header.period}`, CreationDate: FIXED_DATE, ModDate: FIXED_DATE } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const writer = new TableTextWriter(doc);
    const { fontSize, widths } = layoutColumns(report.columns, report.rows, report.totals, WIDTH, (text, bold, size) => writer.widthOf(text, bold ? BOLD : FONT, size));
    const lineHeight = fontSize * LEADING;
    const gap = fontSize * 0.6;
    // Each column's text box (half a gap inside its edges) and alignment, laid out once.
    const boxes: TextBox[] = [];
    let left = MARGIN;
    report.columns.forEach((col, i) => {
      boxes.push({ x: left + gap / 2, width: widths[i] - gap, align: col.kind === 'amount' ? 'right' : 'left' });
      left += widths[i];
    });
    let folio = 0;
    let y = 0;

    // An amount is never wrapped (its column is as wide as its widest value); a header always may be.
    const cellLines = (cells: readonly string[], font: string, header = false): string[][] =>
      boxes.map((box, i) => (cells[i] ? (report.columns[i].kind === 'amount' && !header ? [cells[i]] : writer.wrap(cells[i], font, fontSize, box.width)) : []));
    const depth = (lines: string[][]) => lines.reduce((d, l) => Math.max(d, l.length), 1);

    const headerLines = cellLines(report.columns.map((c) => c.label), BOLD, true);
    const headerHeight = depth(headerLines) * lineHeight + ROW_GAP;
    const titleBox: TextBox[] = [{ x: MARGIN, width: WIDTH, align: 'left' }];
    const folioBox: TextBox[] = [{ x: MARGIN, width: WIDTH, align: 'right' }];
    const ids = [`NRC ${header.nrc}`, header.nit ? `NIT ${header.nit}` : null].filter(Boolean).join(' · ');
    const taxpayerLines = writer.wrap(`${header.taxpayerName} · ${ids} · Período: ${periodLabel(header.period)}`, FONT, 8, WIDTH - 60);
    const titleLines = writer.wrap(header.title, BOLD, 11, WIDTH - 60);

    // Every folio names the book, the taxpayer and the period (RCT art. 82); the table's pages repeat its header.
    const newPage = (table: boolean) => {
      doc.addPage();
      folio++;
      y = MARGIN;
      writer.rowLines(titleBox, [titleLines], BOLD, 11, y, 13);
      writer.row(folioBox, [`Folio ${folio}`], FONT, 8, y);
      y += titleLines.length * 13 + 1;
      writer.rowLines(titleBox, [taxpayerLines], FONT, 8, y, 10);
      y += taxpayerLines.length * 10 + 4;
      if (!table) return;
      doc.rect(MARGIN, y - 1.5, WIDTH, headerHeight).fill('#e6e6e6').fillColor('#000');
      writer.rowLines(boxes, headerLines, BOLD, fontSize, y, lineHeight);
      y += headerHeight;
    };
    const room = (height: number, table = true) => {
      if (y + height > BOTTOM) newPage(table);
    };

    newPage(true);
    for (const row of report.rows) {
      const lines = cellLines(row, FONT);
      const height = depth(lines) * lineHeight + ROW_GAP;
      room(height);
      writer.rowLines(boxes, lines, FONT, fontSize, y, lineHeight);
      y += height;
    }

    // Totals: the amount columns' sums under their columns, the label over the columns before them.
    room(lineHeight * 2 + ROW_GAP);
    const firstAmount = Math.max(1, report.columns.findIndex((c) => c.kind === 'amount'));
    const labelBox: TextBox = { x: MARGIN + gap / 2, width: boxes[firstAmount - 1].x + boxes[firstAmount - 1].width - MARGIN - gap / 2, align: 'left' };
    const totalsCells = report.columns.map((c, i) => (i === 0 ? [BOOK_TOTALS_LABEL] : c.kind === 'amount' ? [report.totals[c.key] ?? ''] : []));
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.6).stroke();
    y += 2;
    writer.rowLines([labelBox, ...boxes.slice(1)], totalsCells, BOLD, fontSize, y, lineHeight);
    y += lineHeight + ROW_GAP;

    if (header.summary) this.summary(doc, writer, header.summary, room, () => y, (v) => (y = v));

    room(48, false);
    y += 28;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + 200, y).lineWidth(0.6).stroke();
    writer.row([{ x: MARGIN, width: 300, align: 'left' }], [`Contador: ${header.accountantName ?? ''}`], FONT, 7, y + 3);
    doc.end();
    return done;
  }

  /** The closing summary: its title, a table of amounts by kind of sale, then single figures. */
  private summary(doc: PDFKit.PDFDocument, writer: TableTextWriter, s: BookSummary, room: (h: number, table: boolean) => void, at: () => number, set: (y: number) => void): void {
    const size = 7;
    const line = size * LEADING;
    const labelWidth = 300;
    const valueWidth = 95;
    const title = writer.wrap(s.title, BOLD, size + 0.5, WIDTH);
    const tableRows = s.rows.length ? s.rows.length + 2 : 0;
    // The whole summary on one page: a new one when it does not fit below the totals.
    room(title.length * line + (tableRows + 2 * s.lines.length) * line + 24, false);
    let y = at() + 10;
    writer.rowLines([{ x: MARGIN, width: WIDTH, align: 'left' }], [title], BOLD, size + 0.5, y, line);
    y += title.length * line + 3;
    const labelBox: TextBox = { x: MARGIN, width: labelWidth, align: 'left' };
    if (s.rows.length) {
      const valueBoxes = s.columns.map((_, i): TextBox => ({ x: MARGIN + labelWidth + i * valueWidth, width: valueWidth - 4, align: 'right' }));
      const heads = s.columns.map((c, i) => writer.wrap(c, BOLD, size, valueBoxes[i].width));
      const headDepth = heads.reduce((d, h) => Math.max(d, h.length), 1);
      writer.rowLines([labelBox, ...valueBoxes], [[], ...heads], BOLD, size, y, line);
      y += headDepth * line + 1;
      doc.moveTo(MARGIN, y).lineTo(MARGIN + labelWidth + s.columns.length * valueWidth, y).lineWidth(0.4).stroke();
      y += 2;
      for (const r of s.rows) {
        const label = writer.wrap(r.label, FONT, size, labelWidth - 6);
        writer.rowLines([labelBox, ...valueBoxes], [label, ...r.values.map((v) => (v ? [v] : []))], FONT, size, y, line);
        y += label.length * line + 1;
      }
      y += 4;
    }
    // Single figures right-aligned under the table's last column (or beside their labels without a table).
    const valueBox: TextBox = { x: MARGIN + labelWidth + Math.max(0, s.columns.length - 1) * valueWidth, width: valueWidth - 4, align: 'right' };
    const lineLabel: TextBox = { x: MARGIN, width: valueBox.x - MARGIN - 6, align: 'left' };
    for (const l of s.lines) {
      const label = writer.wrap(l.label, FONT, size, lineLabel.width);
      writer.rowLines([lineLabel, valueBox], [label, [l.value]], FONT, size, y, line);
      y += label.length * line + 1;
    }
    set(y);
  }
}
