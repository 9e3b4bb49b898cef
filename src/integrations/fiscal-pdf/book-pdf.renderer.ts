/**
 * PDF of a VAT book (the domain's `BookPdfRenderer` port) with pdfkit: landscape letter, a title
 * block (book, taxpayer, NRC/NIT, period) and folio number on every page (RCT art. 82), the columns
 * scaled to the page width, the monthly totals and the accountant's signature line at the end.
 * Same input → same bytes (fixed document dates).
 */
import PDFDocument from 'pdfkit';
import type { BookHeader, BookPdfRenderer, FiscalReport } from '../../domain/fiscal';

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

/** Column widths proportional to the longest cell (capped), filling the page width. */
function columnWidths(report: FiscalReport, sample: number): number[] {
  const n = report.columns.length;
  const raw = report.columns.map((c, i) => {
    let max = Math.min(c.label.length, 14);
    for (let r = 0; r < Math.min(report.rows.length, sample); r++) max = Math.max(max, Math.min((report.rows[r][i] ?? '').length, 40));
    return Math.max(max, 4);
  });
  const sum = raw.reduce((a, b) => a + b, 0) || n;
  return raw.map((w) => (w / sum) * WIDTH);
}

function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width - 2) return text;
  let t = text;
  while (t.length > 1 && doc.widthOfString(`${t}…`) > width - 2) t = t.slice(0, -1);
  return `${t}…`;
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
    const widths = columnWidths(report, 500);
    const fontSize = report.columns.length > 14 ? 5.5 : 6.5;
    let folio = 0;
    let y = 0;

    const drawRow = (cells: readonly string[], font: string, fill?: string) => {
      if (fill) doc.rect(MARGIN, y - 1, WIDTH, ROW_H).fill(fill).fillColor('#000');
      doc.font(font).fontSize(fontSize);
      let x = MARGIN;
      report.columns.forEach((col, i) => {
        const text = fit(doc, cells[i] ?? '', widths[i]);
        const align = col.kind === 'amount' ? 'right' : 'left';
        doc.text(text, x + 1, y, { width: widths[i] - 2, align, lineBreak: false, height: ROW_H });
        x += widths[i];
      });
      y += ROW_H;
    };

    const newPage = () => {
      doc.addPage();
      folio++;
      y = MARGIN;
      doc.font(BOLD).fontSize(11).text(header.title, MARGIN, y, { width: WIDTH, lineBreak: false });
      doc.font(FONT).fontSize(8).text(`Folio ${folio}`, MARGIN, y, { width: WIDTH, align: 'right', lineBreak: false });
      y += 14;
      const ids = [`NRC ${header.nrc}`, header.nit ? `NIT ${header.nit}` : null].filter(Boolean).join(' · ');
      doc.font(FONT).fontSize(8).text(`${header.taxpayerName} · ${ids} · Período: ${periodLabel(header.period)}`, MARGIN, y, { width: WIDTH, lineBreak: false });
      y += 14;
      drawRow(report.columns.map((c) => c.label), BOLD, '#e6e6e6');
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
