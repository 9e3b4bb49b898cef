/**
 * The process-wide standard fonts measure and encode exactly as PDFKit's own font objects do, and
 * a document drawn with them has the same bytes whether the memory is cold or warm.
 */
import PDFDocument from 'pdfkit';
import { MEMO_LIMIT, useStandardFont } from '../../../src/integrations/pdf/shared-standard-fonts';
import { renderDocumentPdf } from '../../../src/integrations/pdf/render-document-pdf';
import { renderTicketPdf } from '../../../src/integrations/ticket/render-ticket-pdf';
import { feJson, input } from './pdf-fixtures';

const TEXTS = ['', 'A', 'AV', 'Total a pagar', 'Señor José Ñuñez — “Año” 2026', 'WAVE To Ty', '  espacios  ', '0,00 US$ 1.234,56'];
const FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Courier-Bold'];
const SIZES = [7, 8, 8.5, 10.5, 13];

type Font = { widthOfString(t: string, s: number): number; encode(t: string): [string[], object[]] };
const fontOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: Font })._font;

describe('shared standard fonts', () => {
  it.each(FONTS)('%s: widths and encodings equal PDFKit’s own, twice in a row', (name) => {
    const plain = new PDFDocument({ autoFirstPage: false });
    plain.font(name);
    const shared = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    useStandardFont(shared, name);
    for (let round = 0; round < 2; round++) {
      for (const t of TEXTS) {
        for (const s of SIZES) expect(fontOf(shared).widthOfString(t, s)).toBe(fontOf(plain).widthOfString(t, s));
        expect(fontOf(shared).encode(t)).toEqual(fontOf(plain).encode(t));
        expect(shared.fontSize(9).widthOfString(t)).toBe(plain.fontSize(9).widthOfString(t));
      }
    }
  });

  it('keeps measuring right after its memory starts over', () => {
    const plain = new PDFDocument({ autoFirstPage: false });
    const shared = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    useStandardFont(shared, 'Helvetica');
    for (let i = 0; i < MEMO_LIMIT + 50; i++) {
      const t = `línea ${i}`;
      if (i % 997 === 0 || i > MEMO_LIMIT) expect(fontOf(shared).widthOfString(t, 8)).toBe(fontOf(plain).widthOfString(t, 8));
      else fontOf(shared).widthOfString(t, 8);
    }
  });

  it('renders the same bytes on the first and the later documents of a process', async () => {
    const doc = input(feJson(6));
    const [ticket1, letter1] = [await renderTicketPdf(doc, '80'), await renderDocumentPdf(doc)];
    const [ticket2, letter2] = [await renderTicketPdf(doc, '80'), await renderDocumentPdf(doc)];
    expect(ticket2.equals(ticket1)).toBe(true);
    expect(letter2.equals(letter1)).toBe(true);
  });
});
