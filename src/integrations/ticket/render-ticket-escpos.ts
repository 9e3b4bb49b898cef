/**
 * The ticket as raw ESC/POS for POS integrators who print without a PDF: the same blocks as the
 * ticket PDF as text lines of the roll's columns (48 on 80 mm, 32 on 58 mm, Font A), the public
 * query URL as the printer's own QR command (GS ( k), then a feed and a cut. Encoded by
 * @point-of-sale/receipt-printer-encoder (ADR 0070), which also picks the code page of the accents.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { TICKET_PAPERS } from '../../domain/documents/document-layouts';
import { safeText } from '../pdf/format';
import type { PdfDocumentInput } from '../pdf/render-document-pdf';
import { type TicketBlock, ticketView } from './ticket-view';

/** `text` wrapped at word boundaries in lines of at most `columns` characters (longer words cut). */
export function wrapColumns(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of safeText(text).replace(/[—–]/g, '-').split(/\s+/).filter((w) => w !== '')) {
    let w = word;
    while (w.length > columns) {
      if (line !== '') { lines.push(line); line = ''; }
      lines.push(w.slice(0, columns));
      w = w.slice(columns);
    }
    if (line === '') line = w;
    else if (line.length + 1 + w.length <= columns) line += ` ${w}`;
    else { lines.push(line); line = w; }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function pairLines(label: string, value: string, columns: number): string[] {
  const v = safeText(value);
  const labelLines = wrapColumns(label, Math.max(1, columns - v.length - 1));
  if (v.length > columns * 0.6 || labelLines.length === 0) return [...wrapColumns(label, columns), v.padStart(columns)];
  const last = labelLines.pop()!;
  return [...labelLines, `${last}${' '.repeat(columns - last.length - v.length)}${v}`];
}

type Encoder = InstanceType<typeof ReceiptPrinterEncoder>;

function encodeBlock(e: Encoder, b: TicketBlock, columns: number): void {
  const lines = (list: string[]) => { for (const l of list) e.line(l); };
  switch (b.kind) {
    case 'text':
      e.align(b.align ?? 'left').bold(b.bold === true);
      lines(wrapColumns(b.text, columns));
      e.bold(false).align('left');
      break;
    case 'heading':
      e.bold(true);
      lines(wrapColumns(b.text, columns));
      e.bold(false);
      break;
    case 'pair':
      e.bold(b.bold === true);
      lines(pairLines(b.label, b.value, columns));
      e.bold(false);
      break;
    case 'code': {
      lines(wrapColumns(b.label, columns));
      e.bold(true);
      for (let i = 0; i < b.value.length; i += columns) e.line(b.value.slice(i, i + columns));
      e.bold(false);
      break;
    }
    case 'notice':
      e.line('*'.repeat(columns)).align('center').bold(true);
      lines(wrapColumns(b.text, columns));
      e.bold(false).align('left').line('*'.repeat(columns));
      break;
    case 'rule':
      e.line('-'.repeat(columns));
      break;
    case 'qr':
      e.align('center').qrcode(b.url, { model: 2, size: 6, errorlevel: 'm' }).align('left');
      break;
  }
}

/** The ESC/POS bytes of the ticket for a roll of `paper` mm; throws when the JSON lacks the identification needed for the QR. */
export function renderTicketEscpos(input: PdfDocumentInput, paper: '80' | '58'): Buffer {
  const view = ticketView(input);
  const { columns } = TICKET_PAPERS[paper];
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  e.initialize();
  for (const b of view.blocks) encodeBlock(e, b, columns);
  e.cut('full');
  return Buffer.from(e.encode());
}
