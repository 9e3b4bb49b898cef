/**
 * The metrics of PDF's standard fonts (Helvetica, Courier…), built once per process and shared by
 * every document. PDFKit builds a font's metrics table (widths and thousands of kerning pairs) anew
 * in every document that uses it — about 1.3 ms per font per document, most of a ticket's
 * rendering. The metrics are read-only once built, so one copy serves every document; each document
 * still gets its own font object (its own resource id and dictionary), so what is written is the
 * same as PDFKit writes. Relies on PDFKit 0.20's font cache (`_fontFamilies`, `_fontCount`, pinned
 * in package.json); when that shape is not there the font is set the ordinary way. ADR 0066.
 *
 * The shared font also remembers, per text, its width and its encoding (glyph codes and advances):
 * measuring and wrapping look each word up several times per document, and labels repeat across
 * documents. Both are pure functions of the text for a standard font, and PDFKit only reads what
 * `encode` returns, so the remembered arrays are shared. Each memory holds at most MEMO_LIMIT texts
 * and starts over when full.
 */
import { pdfkit } from '../shared/lazy-library';

type Doc = PDFKit.PDFDocument;

interface FontCache {
  _fontFamilies: Record<string, object>;
  _fontCount: number;
}

/** What a document's font object owns (its id, dictionary, document): never copied from the template. */
const OWN_FIELDS = new Set(['document', 'id', 'dictionary', 'embedded']);

/** Texts remembered per font and per kind (widths, encodings) before the memory starts over. */
export const MEMO_LIMIT = 20_000;

interface StandardFontShape {
  widthOfString(text: string, size: number): number;
  encode(text: string, features?: unknown): unknown;
}

function remembered<V>(compute: (text: string) => V): (text: string) => V {
  const memo = new Map<string, V>();
  return (text) => {
    let v = memo.get(text);
    if (v === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      v = compute(text);
      memo.set(text, v);
    }
    return v;
  };
}

/** Gives the template's widthOfString and encode a memory (own properties, so every copy shares them). */
function withMemory(font: object): void {
  const f = font as StandardFontShape & Record<string, unknown>;
  if (typeof f.widthOfString !== 'function' || typeof f.encode !== 'function') return;
  const width = f.widthOfString.bind(f);
  const widthAt1000 = remembered((text) => width(text, 1000));
  const encode = f.encode.bind(f);
  const encoded = remembered((text) => encode(text));
  // At size 1000 the scale is exactly 1, so this is the same product PDFKit computes.
  f.widthOfString = (text: string, size: number) => widthAt1000(String(text)) * (size / 1000);
  f.encode = (text: string) => encoded(String(text));
}

let templates: Doc | null = null;
const byName = new Map<string, object>();

/** The font object of `name` in a document of its own (never drawn on, never ended), the template. */
function template(name: string): object | null {
  templates ??= new (pdfkit())({ size: [100, 100], margin: 0, autoFirstPage: false, font: null as unknown as string });
  let font = byName.get(name);
  if (!font) {
    templates.font(name);
    font = (templates as unknown as { _font: object })._font;
    withMemory(font);
    byName.set(name, font);
  }
  return font;
}

function hasFontCache(doc: unknown): doc is FontCache {
  const c = doc as Partial<FontCache>;
  return typeof c._fontFamilies === 'object' && c._fontFamilies !== null && typeof c._fontCount === 'number';
}

/** Sets the standard font `name` (e.g. 'Helvetica-Bold') on `doc`, its metrics shared with every other document. */
export function useStandardFont(doc: Doc, name: string): Doc {
  if (hasFontCache(doc) && !doc._fontFamilies[name]) {
    const tpl = template(name);
    if (tpl && (tpl as { name?: string }).name === name) {
      const font = Object.create(Object.getPrototypeOf(tpl) as object) as Record<string, unknown>;
      for (const [k, v] of Object.entries(tpl)) if (!OWN_FIELDS.has(k)) font[k] = v;
      font.document = doc;
      font.id = `F${++doc._fontCount}`;
      doc._fontFamilies[name] = font;
    }
  }
  return doc.font(name);
}
