/**
 * Page geometry, typography and drawing primitives shared by the blocks of the PDF. Pages have
 * zero pdfkit margins so pdfkit never adds a page on its own: every block measures itself and
 * the page flow (`PageFlow`) decides the page breaks.
 */
import { safeText } from './format';
import { useStandardFont } from './shared-standard-fonts';

export type Doc = PDFKit.PDFDocument;

export const PAGE_WIDTH = 612; // US Letter, points
export const PAGE_HEIGHT = 792;
export const MARGIN = 36;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT - LEFT;
/** Lowest y a block may reach; the footer lives below it. */
export const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 14;
export const FOOTER_Y = PAGE_HEIGHT - MARGIN + 2;
/** Vertical space between blocks. */
export const GAP = 7;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', code: 'Courier-Bold' } as const;
export type FontName = (typeof FONT)[keyof typeof FONT];

export const COLOR = {
  text: '#1f2937',
  muted: '#6b7280',
  accent: '#1e3a5f',
  accentLight: '#e8eef5',
  border: '#c9d2dc',
  zebra: '#f6f8fa',
  warning: '#9a3412',
  warningFill: '#fff4e5',
  danger: '#b91c1c',
  dangerFill: '#fdecec',
  white: '#ffffff',
} as const;

export interface TextStyle {
  readonly font?: FontName;
  readonly size?: number;
  readonly color?: string;
  readonly align?: 'left' | 'right' | 'center';
  readonly lineGap?: number;
  /** Keep line breaks of the text (notes). */
  readonly multiline?: boolean;
}

const DEFAULT_SIZE = 8;

function apply(doc: Doc, style: TextStyle): void {
  useStandardFont(doc, style.font ?? FONT.regular).fontSize(style.size ?? DEFAULT_SIZE);
}

/** Height of `text` wrapped in `width` with `style`. */
export function textHeight(doc: Doc, text: string, width: number, style: TextStyle = {}): number {
  if (text === '') return 0;
  apply(doc, style);
  return doc.heightOfString(safeText(text, style.multiline), { width, lineGap: style.lineGap ?? 0 });
}

/** Width of one line of `text` with `style`. */
export function textWidth(doc: Doc, text: string, style: TextStyle = {}): number {
  apply(doc, style);
  return doc.widthOfString(safeText(text));
}

/** Draws `text` wrapped in `width` at (x, y); returns its height. */
export function drawText(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  if (text === '') return 0;
  const height = textHeight(doc, text, width, style);
  doc.fillColor(style.color ?? COLOR.text);
  doc.text(safeText(text, style.multiline), x, y, { width, align: style.align ?? 'left', lineGap: style.lineGap ?? 0, lineBreak: true });
  return height;
}

/** Draws one line, shrinking the font (down to `minSize`) so it fits `width`. */
export function drawFitted(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle & { minSize?: number } = {}): void {
  let size = style.size ?? DEFAULT_SIZE;
  const min = style.minSize ?? Math.min(size, 5.5);
  while (size > min && textWidth(doc, text, { ...style, size }) > width) size -= 0.25;
  apply(doc, { ...style, size });
  doc.fillColor(style.color ?? COLOR.text);
  doc.text(safeText(text), x, y, { width, align: style.align ?? 'left', lineBreak: false });
}

export function strokeRect(doc: Doc, x: number, y: number, w: number, h: number, color: string = COLOR.border, radius = 3): void {
  doc.save().lineWidth(0.6).strokeColor(color).roundedRect(x, y, w, h, radius).stroke().restore();
}

export function fillRect(doc: Doc, x: number, y: number, w: number, h: number, color: string, radius = 0): void {
  doc.save().fillColor(color);
  if (radius > 0) doc.roundedRect(x, y, w, h, radius).fill();
  else doc.rect(x, y, w, h).fill();
  doc.restore();
}

export function hLine(doc: Doc, x1: number, x2: number, y: number, color: string = COLOR.border, width = 0.6): void {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

export const SECTION_TITLE_HEIGHT = 14;

/** A section heading bar (`RECEPTOR`, `DOCUMENTOS RELACIONADOS`…) at the top of a box. */
export function sectionTitle(doc: Doc, title: string, x: number, y: number, width: number): number {
  fillRect(doc, x, y, width, SECTION_TITLE_HEIGHT, COLOR.accentLight);
  drawText(doc, title, x + 6, y + 3.5, width - 12, { font: FONT.bold, size: 7.5, color: COLOR.accent });
  return SECTION_TITLE_HEIGHT;
}

/** Label/value pairs in a column: label in small gray, value wrapped beside it. */
export interface FieldLike {
  readonly label: string;
  readonly value: string;
  readonly pair?: FieldLike;
  /**
   * A code to read and copy whole (seal, generation code, control number): one line in a fixed-width
   * font, whatever its characters, shrunk (down to CODE_MIN_SIZE) rather than wrapped.
   */
  readonly code?: boolean;
}

const CODE_SIZE = 8;
const CODE_MIN_SIZE = 6;

const FIELD_ROW_GAP = 2.2;
const PAIR_LABEL_GAP = 5;

/** Where the pair of a row starts: after the first value, at least at 45 % of the width. */
function pairLayout(doc: Doc, f: FieldLike, labelWidth: number, width: number, valueFont: FontName) {
  const firstW = textWidth(doc, f.value, { font: valueFont, size: 8 });
  const pairX = Math.max(labelWidth + firstW + 18, width * 0.45);
  const pairLabelW = f.pair ? textWidth(doc, f.pair.label, { size: 7 }) + PAIR_LABEL_GAP : 0;
  return { pairX, pairLabelW, pairValueW: width - pairX - pairLabelW };
}

function fieldRowHeight(doc: Doc, f: FieldLike, labelWidth: number, width: number, valueFont: FontName): number {
  if (f.code) return Math.max(textHeight(doc, 'X', width, { font: FONT.code, size: CODE_SIZE }), textHeight(doc, f.label, labelWidth - 4, { size: 7 })) + FIELD_ROW_GAP;
  if (f.pair) {
    const { pairValueW } = pairLayout(doc, f, labelWidth, width, valueFont);
    const pairH = textHeight(doc, f.pair.value, pairValueW, { font: valueFont, size: 8 });
    return Math.max(pairH, textHeight(doc, f.value, width - labelWidth, { font: valueFont, size: 8, })) + FIELD_ROW_GAP;
  }
  const valueH = textHeight(doc, f.value, width - labelWidth, { font: valueFont, size: 8 });
  return Math.max(valueH, textHeight(doc, f.label, labelWidth - 4, { size: 7 })) + FIELD_ROW_GAP;
}

export function fieldsHeight(doc: Doc, list: readonly FieldLike[], labelWidth: number, width: number, valueFont: FontName = FONT.regular): number {
  return list.reduce((h, f) => h + fieldRowHeight(doc, f, labelWidth, width, valueFont), 0);
}

/** Draws label/value rows; returns their height. */
export function drawFields(doc: Doc, list: readonly FieldLike[], x: number, y: number, labelWidth: number, width: number, valueFont: FontName = FONT.regular): number {
  let cy = y;
  for (const f of list) {
    drawText(doc, f.label, x, cy + 0.8, labelWidth - 4, { size: 7, color: COLOR.muted });
    if (f.code) {
      drawFitted(doc, f.value, x + labelWidth, cy, width - labelWidth, { font: FONT.code, size: CODE_SIZE, minSize: CODE_MIN_SIZE });
    } else if (f.pair) {
      const { pairX, pairLabelW, pairValueW } = pairLayout(doc, f, labelWidth, width, valueFont);
      drawText(doc, f.value, x + labelWidth, cy, pairX - labelWidth - 4, { font: valueFont, size: 8 });
      drawText(doc, f.pair.label, x + pairX, cy + 0.8, pairLabelW, { size: 7, color: COLOR.muted });
      drawText(doc, f.pair.value, x + pairX + pairLabelW, cy, pairValueW, { font: valueFont, size: 8 });
    } else {
      drawText(doc, f.value, x + labelWidth, cy, width - labelWidth, { font: valueFont, size: 8 });
    }
    cy += fieldRowHeight(doc, f, labelWidth, width, valueFont);
  }
  return cy - y;
}

/**
 * The vertical flow of the body over pages: `ensure(h)` starts a new page (with the caller's
 * continuation header) when `h` points do not fit under the current position.
 */
export class PageFlow {
  y: number;

  constructor(
    private readonly doc: Doc,
    startY: number,
    private readonly continuationHeader: (doc: Doc) => number,
  ) {
    this.y = startY;
  }

  get remaining(): number {
    return BODY_BOTTOM - this.y;
  }

  /** True when a new page was started. */
  ensure(height: number): boolean {
    if (this.y + height <= BODY_BOTTOM) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage({ size: 'LETTER', margin: 0 });
    this.y = this.continuationHeader(this.doc);
  }
}
