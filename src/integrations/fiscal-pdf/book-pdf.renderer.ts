/**
 * PDF of a VAT book (the domain's `BookPdfRenderer` port) with pdfkit: landscape letter, a title
 * block (book, taxpayer, NRC/NIT, period) and folio number on every page (RCT art. 82), the columns
 * scaled to the page width, the monthly totals and the accountant's signature line at the end.
 * Same input → same bytes (fixed document dates). Rows go through the table text writer (a book has
 * up to 100,000 of them); the title block, totals and signature through pdfkit's `text()`.
 */
import PDFDocument from 'pdfkit';
import type { BookHeader, BookPdfRenderer, FiscalReport } from '../../domain/fiscal';
import { TableTextWriter, type TextBox } from './table-text.writer';

const PAGE = { width: 792, height: 612 };
const MARGIN = 28;
const WIDTH = PAGE.width - 2 * MARGIN;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ROW_H = 10;
const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function periodLabel(period: string): string {
  const [y, m] = period.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} de ${y}`;
}

/**
 * Column widths filling the page. An amount column is as wide as its widest value (every row and the
 * total, in bold) or the first 12 characters of its label, whichever is wider, plus two em of space
 * before it: an amount is never cut. The other columns share the rest in
 * proportion to their longest cell among the first `sample` rows (capped), so a long name is cut
 * with "…" instead.
 */
function columnWidths(report: FiscalReport, sample: number, fontSize: number, amountWidth: (text: string) => number): number[] {
  const amounts = report.columns.map((c, i) => {
    if (c.kind !== 'amount') return 0;
    let max = Math.max(amountWidth(report.totals[c.key] ?? ''), amountWidth(c.label.slice(0, 12)));
    for (const row of report.rows) max = Math.max(max, amountWidth(row[i] ?? ''));
    return max + 2 + 2 * fontSize;
  });
  const raw = report.columns.map((c, i) => {
    if (c.kind === 'amount') return 0;
    let max = Math.min(c.label.length, 14);
    for (let r = 0; r < Math.min(report.rows.length, sample); r++) max = Math.max(max, Math.min((report.rows[r][i] ?? '').length, 40));
    return Math.max(max, 4);
  });
  const fixed = amounts.reduce((a, b) => a + b, 0);
  const share = raw.reduce((a, b) => a + b, 0);
  // Amounts wider than the page (never with MH's figures) are scaled down with the rest.
  const rest = Math.max(WIDTH - fixed, share * 2);
  const total = fixed + rest;
  return report.columns.map((_, i) => ((amounts[i] || (raw[i] / (share || 1)) * rest) / total) * WIDTH);
}

export class PdfkitBookRenderer implements BookPdfRenderer {
  async render(report: FiscalReport, header: BookHeader): Promise<Buffer> {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: MARGIN, autoFirstPage: false, compress: true, info: { Title: `${header.title} ${header.period}`, CreationDate: FIXED_DATE, ModDate: FIXED_DATE } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const fontSize = report.columns.length > 14 ? 5.5 : 6.5;
    const writer = new TableTextWriter(doc);
    const widths = columnWidths(report, 500, fontSize, (text) => writer.widthOf(text, BOLD, fontSize));
    // Each column's text box (1 pt inside its edges) and alignment, laid out once.
    const boxes: TextBox[] = [];
    let left = MARGIN;
    report.columns.forEach((col, i) => {
      boxes.push({ x: left + 1, width: widths[i] - 2, align: col.kind === 'amount' ? 'right' : 'left' });
      left += widths[i];
    });
    let folio = 0;
    let y = 0;

    const drawRow = (cells: readonly string[], font: string, fill?: string) => {
      if (fill) doc.rect(MARGIN, y - 1, WIDTH, ROW_H).fill(fill).fillColor('#000');
      writer.row(boxes, cells, font, fontSize, y);
      y += ROW_H;
    };

    const titleBox: TextBox[] = [{ x: MARGIN, width: WIDTH, align: 'left' }];
    const folioBox: TextBox[] = [{ x: MARGIN, width: WIDTH, align: 'right' }];
    const ids = [`NRC ${header.nrc}`, header.nit ? `NIT ${header.nit}` : null].filter(Boolean).join(' · ');
    const taxpayerLine = [`${header.taxpayerName} · ${ids} · Período: ${periodLabel(header.period)}`];
    const labels = report.columns.map((c) => c.label);

    const newPage = () => {
      doc.addPage();
      folio++;
      y = MARGIN;
      writer.row(titleBox, [header.title], BOLD, 11, y);
      writer.row(folioBox, [`Folio ${folio}`], FONT, 8, y);
      y += 14;
      writer.row(titleBox, taxpayerLine, FONT, 8, y);
      y += 14;
      drawRow(labels, BOLD, '#e6e6e6');
    };

    newPage();
    for (const row of report.rows) {
      if (y + ROW_H > PAGE.height - MARGIN - 12) newPage();
      drawRow(row, FONT);
    }
    // Totals: the amount columns' sums under their columns.
    if (y + ROW_H * 6 > PAGE.height - MARGIN) newPage();
    const totalsRow = report.columns.map((c, i) => (i === 0 ? 'Totales' : c.kind === 'amount' ? report.totals[c.key] ?? '' : ''));
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke();
    y += 2;
    drawRow(totalsRow, BOLD);
    const extra = Object.entries(report.totals).filter(([k]) => !report.columns.some((c) => c.key === k));
    if (extra.length) {
      y += 6;
      doc.font(FONT).fontSize(7);
      for (const [k, v] of extra) {
        if (y + ROW_H > PAGE.height - MARGIN) newPage();
        doc.text(`${k.replace(/_/g, ' ')}: ${v}`, MARGIN, y, { width: WIDTH / 2, lineBreak: false });
        y += ROW_H;
      }
    }
    if (y + 40 > PAGE.height - MARGIN) newPage();
    y += 28;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + 200, y).stroke();
    doc.font(FONT).fontSize(7).text(`Contador: ${header.accountantName ?? ''}`, MARGIN, y + 3, { width: 300, lineBreak: false });
    doc.end();
    return done;
  }
}
