/**
 * The graphic representation of a DTE on a thermal roll: one page as long as its content, 80 mm or
 * 58 mm wide (72 mm / 48 mm printable), black only, 8 pt at the least, every text wrapped inside
 * the printable width. Drawn from the same blocks as the ESC/POS stream (ticket-view.ts); the
 * blocks are measured first so the page is created with its final height. Pure: no I/O; same
 * input → same bytes.
 */
import PDFDocument from 'pdfkit';
import { TICKET_PAPERS, type TicketPaper } from '../../domain/documents/document-layouts';
import { issueInstant, safeText } from '../pdf/format';
import type { PdfDocumentInput } from '../pdf/render-document-pdf';
import { createQr, drawQrCode } from '../pdf/qr-code';
import { type TicketBlock, ticketView } from './ticket-view';

type Doc = PDFKit.PDFDocument;

export const POINTS_PER_MM = 72 / 25.4;

/** The page of a paper: its width, the printable width and the side margin, in points. */
export function ticketGeometry(paper: TicketPaper) {
  const pageWidth = paper.paperMm * POINTS_PER_MM;
  const width = paper.printableMm * POINTS_PER_MM;
  return { pageWidth, width, left: (pageWidth - width) / 2, top: 4 * POINTS_PER_MM, bottom: 6 * POINTS_PER_MM };
}

/** Side of the QR symbol (without its quiet zone): ≥ 20 mm at both widths. */
export function qrSideMm(paper: TicketPaper): number {
  return paper.paperMm >= 80 ? 34 : 30;
}

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', code: 'Courier-Bold' } as const;
const SIZE = { small: 8, normal: 8.5, large: 10.5, code: 8.5 } as const;
const LINE_GAP = 0.6;
const BLOCK_GAP = 1.6;
const BLACK = '#000000';

interface Geometry {
  readonly left: number;
  readonly width: number;
  readonly qrSide: number;
}

function style(b: { bold?: boolean; small?: boolean; large?: boolean }) {
  return { font: b.bold ? FONT.bold : FONT.regular, size: b.large ? SIZE.large : b.small ? SIZE.small : SIZE.normal };
}

function textBlock(doc: Doc, text: string, x: number, y: number, width: number, s: { font: string; size: number }, align: 'left' | 'center' | 'right', draw: boolean): number {
  const t = safeText(text);
  if (t.trim() === '') return 0;
  doc.font(s.font).fontSize(s.size);
  const h = doc.heightOfString(t, { width, lineGap: LINE_GAP });
  if (draw) doc.fillColor(BLACK).text(t, x, y, { width, align, lineGap: LINE_GAP, lineBreak: true });
  return h;
}

/** `value` cut into lines of as many fixed-width characters as fit `width`. */
export function codeLines(value: string, width: number, size: number = SIZE.code): string[] {
  const perLine = Math.max(1, Math.floor(width / (0.6 * size) - 0.01));
  const out: string[] = [];
  for (let i = 0; i < value.length; i += perLine) out.push(value.slice(i, i + perLine));
  return out;
}

/** Lays the blocks out from `y`; draws them when `draw`; returns the y below the last one. */
function layout(doc: Doc, blocks: readonly TicketBlock[], g: Geometry, startY: number, draw: boolean): number {
  let y = startY;
  const { left, width } = g;
  for (const b of blocks) {
    switch (b.kind) {
      case 'text':
        y += textBlock(doc, b.text, left, y, width, style(b), b.align ?? 'left', draw);
        break;
      case 'heading': {
        y += 3;
        const h = textBlock(doc, b.text, left, y, width, { font: FONT.bold, size: SIZE.normal }, 'left', draw);
        y += h;
        if (draw) doc.save().lineWidth(0.6).strokeColor(BLACK).moveTo(left, y + 0.5).lineTo(left + width, y + 0.5).stroke().restore();
        y += 2;
        break;
      }
      case 'pair': {
        const s = style(b);
        const value = safeText(b.value);
        doc.font(s.font).fontSize(s.size);
        const valueW = doc.widthOfString(value);
        if (valueW > width * 0.6) {
          y += textBlock(doc, b.label, left, y, width, s, 'left', draw);
          y += textBlock(doc, value, left, y, width, s, 'right', draw);
        } else {
          const labelW = width - valueW - 6;
          const h = textBlock(doc, b.label, left, y, labelW, s, 'left', draw);
          if (draw) doc.font(s.font).fontSize(s.size).fillColor(BLACK).text(value, left + width - valueW - 0.5, y, { lineBreak: false });
          y += Math.max(h, doc.currentLineHeight(true));
        }
        break;
      }
      case 'code': {
        y += textBlock(doc, b.label, left, y, width, { font: FONT.regular, size: SIZE.small }, 'left', draw);
        doc.font(FONT.code).fontSize(SIZE.code);
        for (const line of codeLines(b.value, width)) {
          if (draw) doc.fillColor(BLACK).text(line, left, y, { lineBreak: false });
          y += doc.currentLineHeight(true) + LINE_GAP;
        }
        break;
      }
      case 'notice': {
        const pad = 3;
        const s = { font: FONT.bold, size: SIZE.normal };
        doc.font(s.font).fontSize(s.size);
        const h = doc.heightOfString(safeText(b.text), { width: width - 2 * pad, lineGap: LINE_GAP }) + 2 * pad;
        if (draw) {
          doc.save().lineWidth(1.2).strokeColor(BLACK).rect(left + 0.6, y + 0.6, width - 1.2, h - 1.2).stroke().restore();
          textBlock(doc, b.text, left + pad, y + pad + 0.5, width - 2 * pad, s, 'center', true);
        }
        y += h + 2;
        break;
      }
      case 'rule':
        y += 2;
        if (draw) doc.save().lineWidth(0.6).dash(2, { space: 1.5 }).strokeColor(BLACK).moveTo(left, y).lineTo(left + width, y).stroke().undash().restore();
        y += 2;
        break;
      case 'qr': {
        const qr = createQr(b.url);
        const quiet = 4 * (g.qrSide / qr.modules.size);
        y += quiet;
        if (draw) drawQrCode(doc, qr, left + (width - g.qrSide) / 2, y, g.qrSide);
        y += g.qrSide + quiet;
        break;
      }
    }
    y += BLOCK_GAP;
  }
  return y;
}

let measuring: Doc | null = null;
/** A document only ever used to measure text (never drawn on, never ended). */
function measureDoc(): Doc {
  measuring ??= new PDFDocument({ size: [300, 300], margin: 0, autoFirstPage: true });
  return measuring;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Renders the ticket PDF of `paper` ('80' or '58'); throws when the JSON lacks the identification needed for the QR. */
export async function renderTicketPdf(input: PdfDocumentInput, paper: '80' | '58'): Promise<Buffer> {
  const view = ticketView(input);
  const geo = ticketGeometry(TICKET_PAPERS[paper]);
  const g: Geometry = { left: geo.left, width: geo.width, qrSide: qrSideMm(TICKET_PAPERS[paper]) * POINTS_PER_MM };
  const height = Math.ceil(layout(measureDoc(), view.blocks, g, geo.top, false) + geo.bottom);
  const issued = issueInstant(view.issued.date, view.issued.time) ?? new Date(0);
  const doc: Doc = new PDFDocument({
    size: [geo.pageWidth, height],
    margin: 0,
    pdfVersion: '1.4',
    lang: 'es-SV',
    displayTitle: true,
    info: {
      Title: safeText(`${view.title} ${view.controlNumber}`),
      Author: safeText(view.issuerName),
      Subject: `Documento Tributario Electrónico ${view.generationCode} (ticket ${paper} mm)`,
      Keywords: `DTE, ${view.controlNumber}, ${view.generationCode}`,
      Creator: 'dte-service',
      Producer: 'dte-service (PDFKit)',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const done = collect(doc);
  layout(doc, view.blocks, g, geo.top, true);
  doc.end();
  return done;
}
