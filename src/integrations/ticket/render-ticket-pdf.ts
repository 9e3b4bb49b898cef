/**
 * The graphic representation of a DTE on a thermal roll: one page as long as its content, 80 mm or
 * 58 mm wide (72 mm / 48 mm printable), black only, 8 pt at the least, every text wrapped inside
 * the printable width. Drawn from the same blocks as the ESC/POS stream (ticket-view.ts); the
 * blocks are measured first so the page is created with its final height, and the drawing pass
 * reuses those measures and the QR symbol instead of computing them again. The standard fonts'
 * metrics are built once per process (shared-standard-fonts.ts). Pure: no I/O; same input → same
 * bytes. ADR 0066.
 */
import { pdfkit } from '../shared/lazy-library';
import { TICKET_PAPERS, type TicketPaper } from '../../domain/documents/document-layouts';
import { issueInstant, safeText } from '../pdf/format';
import type { PdfDocumentInput } from '../pdf/render-document-pdf';
import { createQr, drawQrCode, type QrSymbol } from '../pdf/qr-code';
import { useStandardFont } from '../pdf/shared-standard-fonts';
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

/**
 * What the measuring pass computed, handed to the drawing pass in the same order: text heights and
 * widths, and the QR symbols. The drawing pass walks the same blocks, so it reads them back one by one.
 */
class Measures {
  private readonly values: number[] = [];
  private next = 0;
  readonly qrs = new Map<string, QrSymbol>();
  constructor(readonly draw: boolean) {}
  /** Measuring: computes and keeps the value. Drawing: the value kept at this point. */
  value(compute: () => number): number {
    if (!this.draw) {
      const v = compute();
      this.values.push(v);
      return v;
    }
    return this.values[this.next++];
  }
  qr(url: string): QrSymbol {
    let qr = this.qrs.get(url);
    if (!qr) this.qrs.set(url, (qr = createQr(url)));
    return qr;
  }
  /** The drawing pass over what this measuring pass kept. */
  forDrawing(): Measures {
    const d = new Measures(true);
    d.values.push(...this.values);
    for (const [k, v] of this.qrs) d.qrs.set(k, v);
    return d;
  }
}

function setFont(doc: Doc, font: string, size: number): void {
  useStandardFont(doc, font);
  doc.fontSize(size);
}

function style(b: { bold?: boolean; small?: boolean; large?: boolean }) {
  return { font: b.bold ? FONT.bold : FONT.regular, size: b.large ? SIZE.large : b.small ? SIZE.small : SIZE.normal };
}

function textBlock(doc: Doc, text: string, x: number, y: number, width: number, s: { font: string; size: number }, align: 'left' | 'center' | 'right', m: Measures): number {
  const t = safeText(text);
  if (t.trim() === '') return 0;
  setFont(doc, s.font, s.size);
  const h = m.value(() => doc.heightOfString(t, { width, lineGap: LINE_GAP }));
  if (m.draw) doc.fillColor(BLACK).text(t, x, y, { width, align, lineGap: LINE_GAP, lineBreak: true });
  return h;
}

/** `value` cut into lines of as many fixed-width characters as fit `width`. */
export function codeLines(value: string, width: number, size: number = SIZE.code): string[] {
  const perLine = Math.max(1, Math.floor(width / (0.6 * size) - 0.01));
  const out: string[] = [];
  for (let i = 0; i < value.length; i += perLine) out.push(value.slice(i, i + perLine));
  return out;
}

/** Lays the blocks out from `y`; draws them when `m.draw`; returns the y below the last one. */
function layout(doc: Doc, blocks: readonly TicketBlock[], g: Geometry, startY: number, m: Measures): number {
  const draw = m.draw;
  let y = startY;
  const { left, width } = g;
  for (const b of blocks) {
    switch (b.kind) {
      case 'text':
        y += textBlock(doc, b.text, left, y, width, style(b), b.align ?? 'left', m);
        break;
      case 'heading': {
        y += 3;
        const h = textBlock(doc, b.text, left, y, width, { font: FONT.bold, size: SIZE.normal }, 'left', m);
        y += h;
        if (draw) doc.save().lineWidth(0.6).strokeColor(BLACK).moveTo(left, y + 0.5).lineTo(left + width, y + 0.5).stroke().restore();
        y += 2;
        break;
      }
      case 'pair': {
        const s = style(b);
        const value = safeText(b.value);
        setFont(doc, s.font, s.size);
        const valueW = m.value(() => doc.widthOfString(value));
        if (valueW > width * 0.6) {
          y += textBlock(doc, b.label, left, y, width, s, 'left', m);
          y += textBlock(doc, value, left, y, width, s, 'right', m);
        } else {
          const labelW = width - valueW - 6;
          const h = textBlock(doc, b.label, left, y, labelW, s, 'left', m);
          if (draw) setFont(doc, s.font, s.size);
          if (draw) doc.fillColor(BLACK).text(value, left + width - valueW - 0.5, y, { lineBreak: false });
          y += Math.max(h, doc.currentLineHeight(true));
        }
        break;
      }
      case 'code': {
        y += textBlock(doc, b.label, left, y, width, { font: FONT.regular, size: SIZE.small }, 'left', m);
        setFont(doc, FONT.code, SIZE.code);
        for (const line of codeLines(b.value, width)) {
          if (draw) doc.fillColor(BLACK).text(line, left, y, { lineBreak: false });
          y += doc.currentLineHeight(true) + LINE_GAP;
        }
        break;
      }
      case 'notice': {
        const pad = 3;
        const s = { font: FONT.bold, size: SIZE.normal };
        setFont(doc, s.font, s.size);
        const h = m.value(() => doc.heightOfString(safeText(b.text), { width: width - 2 * pad, lineGap: LINE_GAP })) + 2 * pad;
        if (draw) {
          doc.save().lineWidth(1.2).strokeColor(BLACK).rect(left + 0.6, y + 0.6, width - 1.2, h - 1.2).stroke().restore();
          setFont(doc, s.font, s.size);
          if (safeText(b.text).trim() !== '') doc.fillColor(BLACK).text(safeText(b.text), left + pad, y + pad + 0.5, { width: width - 2 * pad, align: 'center', lineGap: LINE_GAP, lineBreak: true });
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
        const qr = m.qr(b.url);
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
  measuring ??= new (pdfkit())({ size: [300, 300], margin: 0, autoFirstPage: true, font: null as unknown as string });
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
  const measures = new Measures(false);
  const height = Math.ceil(layout(measureDoc(), view.blocks, g, geo.top, measures) + geo.bottom);
  const issued = issueInstant(view.issued.date, view.issued.time) ?? new Date(0);
  const doc: Doc = new (pdfkit())({
    size: [geo.pageWidth, height],
    margin: 0,
    // The default font is set just below from the process's shared metrics (useStandardFont).
    font: null as unknown as string,
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
  useStandardFont(doc, FONT.regular); // PDFKit's default font, first as before (same resource ids)
  const done = collect(doc);
  layout(doc, view.blocks, g, geo.top, measures.forDrawing());
  doc.end();
  return done;
}
