/**
 * Text cells of long tables in pdfkit, cheap enough for a book of 100,000 rows. pdfkit's `text()`
 * costs, per call, a line wrapper, two kerning-pair passes over the string (measure, then encode) and
 * a save/transform/restore; a book calls it once per cell. Here a standard font's WinAnsi byte and
 * advance width are measured once per character (per process), a string's width is their sum, and a
 * line of a row is written as one `BT … ET` block of `Td`/`Tj` operators. No kerning: the widths
 * that align and wrap a cell are exactly the ones drawn. A cell wider than its column goes on as many
 * lines as it needs (ADR 0044); nothing is cut with "…".
 */

/** The WinAnsiEncoding bytes (0x80–0x9F) of characters outside Latin-1; Latin-1 maps to itself. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};
const QUESTION = 0x3f;

/** Per character (UTF-16 code unit): its WinAnsi byte (0 = not encodable, drawn as "?") and its width in 1/1000 em. */
interface Metrics {
  codes: Uint8Array;
  widths: Float32Array;
  ascender: number;
}

/** The parts of pdfkit's current font object this writer needs (not in its public typings). */
interface PdfkitFont {
  id: string;
  ascender: number;
  ref(): unknown;
}

const metricsByFont = new Map<string, Metrics>();

function measure(doc: PDFKit.PDFDocument, font: string): Metrics {
  const codes = new Uint8Array(0x10000);
  const widths = new Float32Array(0x10000);
  doc.font(font).fontSize(1000);
  const set = (ch: string, code: number) => {
    codes[ch.charCodeAt(0)] = code;
    widths[ch.charCodeAt(0)] = doc.widthOfString(ch);
  };
  for (let c = 0x20; c <= 0xff; c++) if (c < 0x7f || c >= 0xa0) set(String.fromCharCode(c), c);
  for (const [ch, code] of Object.entries(WIN_ANSI_EXTRA)) set(ch, code);
  const questionWidth = widths[QUESTION];
  for (let c = 0; c < 0x10000; c++) if (!codes[c]) widths[c] = questionWidth;
  return { codes, widths, ascender: currentFont(doc).ascender };
}

function currentFont(doc: PDFKit.PDFDocument): PdfkitFont {
  return (doc as PDFKit.PDFDocument & { _font: PdfkitFont })._font;
}

/** A column's text box: its left edge, width (points) and alignment. */
export interface TextBox {
  x: number;
  width: number;
  align: 'left' | 'right';
}

export class TableTextWriter {
  private readonly fonts = new Map<string, { metrics: Metrics; font: PdfkitFont }>();

  /** Changes pdfkit's current font and size the first time a font is used: set them before `text()`. */
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private font(name: string): { metrics: Metrics; font: PdfkitFont } {
    let f = this.fonts.get(name);
    if (!f) {
      let metrics = metricsByFont.get(name);
      if (!metrics) {
        metrics = measure(this.doc, name);
        metricsByFont.set(name, metrics);
      }
      this.doc.font(name);
      f = { metrics, font: currentFont(this.doc) };
      this.fonts.set(name, f);
    }
    return f;
  }

  /** Width of `text` in points at `size`, as this writer draws it. */
  widthOf(text: string, fontName: string, size: number): number {
    const { widths } = this.font(fontName).metrics;
    let w = 0;
    for (let i = 0; i < text.length; i++) w += widths[text.charCodeAt(i)];
    return (w * size) / 1000;
  }

  /**
   * `text` in lines no wider than `width` points: broken at spaces, and inside a word only when the
   * word alone is wider (a control number, a seal). Nothing is ever cut off.
   */
  wrap(text: string, fontName: string, size: number, width: number): string[] {
    const { widths } = this.font(fontName).metrics;
    const limit = (width * 1000) / size;
    let total = 0;
    for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i)];
    if (total <= limit) return [text];
    const lines: string[] = [];
    let line = '';
    let used = 0;
    const space = widths[0x20];
    const push = () => {
      lines.push(line);
      line = '';
      used = 0;
    };
    for (const word of text.split(' ')) {
      let w = 0;
      for (let i = 0; i < word.length; i++) w += widths[word.charCodeAt(i)];
      if (line && used + space + w <= limit) {
        line += ` ${word}`;
        used += space + w;
        continue;
      }
      if (line) push();
      if (w <= limit) {
        line = word;
        used = w;
        continue;
      }
      // A word wider than the column: as many characters per line as fit, at least one.
      for (let i = 0; i < word.length; i++) {
        const c = widths[word.charCodeAt(i)];
        if (line && used + c > limit) push();
        line += word[i];
        used += c;
      }
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }

  /**
   * One row on the current page, the tops of its cells at `y` (pdfkit's top-down coordinates): cell
   * `i` holds the lines `cells[i]` in `boxes[i]`, one under the other `lineHeight` apart. Each line is
   * expected to fit its box (wrap() makes them so). The current fill colour applies.
   */
  rowLines(boxes: readonly TextBox[], cells: readonly (readonly string[] | undefined)[], fontName: string, size: number, y: number, lineHeight: number): void {
    const { metrics, font } = this.font(fontName);
    const { codes, widths } = metrics;
    const page = this.doc.page;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    const scale = size / 1000;
    let depth = 0;
    for (const c of cells) if (c && c.length > depth) depth = c.length;
    let out = '';
    for (let k = 0; k < depth; k++) {
      // The page's matrix is flipped (origin top left); a flipped text matrix draws upright glyphs.
      // Each cell of a line then moves from the previous one's origin (`Td`).
      let line = `BT /${font.id} ${num(size)} Tf 1 0 0 -1 0 ${num(y + k * lineHeight + metrics.ascender * scale)} Tm`;
      let at = 0;
      let any = false;
      for (let b = 0; b < boxes.length; b++) {
        const text = cells[b]?.[k];
        if (!text) continue;
        any = true;
        const box = boxes[b];
        let w = 0;
        let plain = true;
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          w += widths[c];
          if (c < 0x20 || c > 0x7e || c === 0x28 || c === 0x29 || c === 0x5c) plain = false;
        }
        const x = num(box.align === 'right' ? box.x + box.width - w * scale : box.x);
        line += ` ${num(x - at)} 0 Td (${plain ? text : literal(text, codes)}) Tj`;
        at = x;
      }
      if (any) out += `${line} ET\n`;
    }
    if (out) this.doc.addContent(Buffer.from(out, 'latin1'));
  }

  /** One line of single-line cells at `y` (rowLines with one line each). */
  row(boxes: readonly TextBox[], texts: readonly (string | undefined)[], fontName: string, size: number, y: number): void {
    this.rowLines(boxes, texts.map((t) => (t ? [t] : undefined)), fontName, size, y, size);
  }
}

/** The body of a PDF literal string: WinAnsi bytes (as latin1 characters), `(`, `)` and `\\` escaped. */
function literal(text: string, codes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < text.length; i++) {
    const code = codes[text.charCodeAt(i)] || QUESTION;
    s += code === 0x28 || code === 0x29 || code === 0x5c ? `\\${String.fromCharCode(code)}` : String.fromCharCode(code);
  }
  return s;
}

/** A number for a content stream, two decimals at most. */
function num(n: number): number {
  return Math.round(n * 100) / 100;
}
