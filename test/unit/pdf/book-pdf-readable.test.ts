/**
 * The VAT books as an accountant reads them (ADR 0044): each book of a period built by the real
 * generators, rendered to PDF, then read back with poppler (pdftotext, and pdftoppm for the pages as
 * images) and pdfjs (where each piece of text is): no internal English key anywhere, the summary in
 * the regulation's Spanish with only that book's figures, no «…», and every header and every cell —
 * the long control numbers, generation codes and seals included — there in full, in its column,
 * however many lines it takes.
 */
import { existsSync, statSync } from 'node:fs';
import { bookSummary, generateReport, reportTypeInfo, type FiscalReport, type LedgerDocument, type LedgerRecord } from '../../../src/domain/fiscal';
import { PdfkitBookRenderer, bookColumnSpans } from '../../../src/integrations/fiscal-pdf/book-pdf.renderer';
import { PURCHASE_BODY, genCode, ledgerDoc, ledgerRecord } from '../fiscal/fiscal-fixtures';
import { extractText, findPdftoppm, findPdftotext, pdftotextLines, renderPages, type TextItem } from './pdf-inspect';

const PERIOD = '2026-03';
const hasPoppler = Boolean(findPdftotext() && findPdftoppm());
const itPoppler = hasPoppler ? it : it.skip;

function ledger(): { documents: LedgerDocument[]; records: LedgerRecord[] } {
  const documents: LedgerDocument[] = [];
  const types = ['03', '01', '03', '05', '01', '06', '11'] as const;
  for (let n = 1; n <= 42; n++) {
    const type = types[n % types.length];
    const day = String(1 + (n % 27)).padStart(2, '0');
    documents.push(ledgerDoc({ type, n, at: `${PERIOD}-${day}T15:00:00Z` }));
  }
  const records: LedgerRecord[] = [];
  for (let n = 1; n <= 12; n++) {
    const day = String(1 + (n % 27)).padStart(2, '0');
    records.push(ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: `P${n}`, accountingDate: `${PERIOD}-${day}`, issueDate: `${PERIOD}-${day}`, generationCode: genCode(500 + n) }, `rec_${n}`));
  }
  return { documents, records };
}

const BOOKS = ['libro_ventas_contribuyentes', 'libro_ventas_consumidor', 'libro_compras', 'detalle_exportaciones'] as const;

async function book(type: (typeof BOOKS)[number]): Promise<{ report: FiscalReport; pdf: Buffer }> {
  const { documents, records } = ledger();
  const r = generateReport(type, { period: PERIOD, documents, records });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const header = { title: reportTypeInfo(type).name, taxpayerName: 'Comercial Las Brisas, S.A. de C.V.', nrc: '1234567', nit: '06141234567890', period: PERIOD, accountantName: 'Ana López', summary: bookSummary(type, r.report.totals) };
  return { report: r.report, pdf: await new PdfkitBookRenderer().render(r.report, header) };
}

const squash = (s: string) => s.replace(/\s+/g, '');

/** Every piece of text drawn inside a column's horizontal span, top to bottom and page after page, joined. */
function columnText(pages: TextItem[][], from: number, to: number): string {
  return pages
    .map((items) => items.filter((i) => !i.rotated && !/^Folio \d+$/.test(i.str) && i.x >= from - 0.5 && i.x + i.width <= to + 0.5).sort((a, b) => b.y - a.y || a.x - b.x).map((i) => i.str).join(''))
    .join('');
}

describe('VAT book PDFs read back', () => {
  it.each(BOOKS)('%s: every cell and header in full, in its column, never with «…»', async (type) => {
    const { report, pdf } = await book(type);
    const { pageItems } = await extractText(pdf);
    const all = pageItems.flat().map((i) => i.str).join(' ');
    expect(all).not.toContain('…');
    const spans = bookColumnSpans(report);
    report.columns.forEach((c, i) => {
      // Every line drawn inside the column, top to bottom: its header, then its cells one after the other.
      const text = squash(columnText(pageItems, spans[i].from, spans[i].to));
      expect({ column: c.label, header: text.startsWith(squash(c.label)) }).toEqual({ column: c.label, header: true });
      let at = squash(c.label).length;
      for (const row of report.rows) {
        if (!row[i]) continue;
        const found = text.indexOf(squash(row[i]), at);
        expect({ column: c.label, cell: row[i], found: found >= 0 }).toEqual({ column: c.label, cell: row[i], found: true });
        at = found + squash(row[i]).length;
      }
    });
  });

  itPoppler.each(BOOKS)('%s: pdftotext reads no English key and only this book’s summary; pdftoppm draws every page', async (type) => {
    const { report, pdf } = await book(type);
    const text = pdftotextLines(pdf).join('\n');
    const laidOut = pdftotextLines(pdf, undefined, true).map((l) => l.replace(/\s+/g, ' ').trim());
    // No internal key (snake_case, or the English words they are made of).
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(text).not.toMatch(/\b(consumer|sales|debit|vat|third|party|exempt|taxed|total_|exports|purchases)\b/i);
    expect(text).toContain('Totales del período');
    expect(text).toContain('Contador: Ana López');
    const summary = bookSummary(type, report.totals);
    if (summary) {
      // Each figure on the line of its label, each row of the table with its amounts.
      for (const l of summary.lines) expect(laidOut).toContain(`${l.label} ${l.value}`);
      for (const r of summary.rows) expect(laidOut).toContain([r.label, ...r.values.filter(Boolean)].join(' '));
    }
    if (type === 'libro_ventas_contribuyentes') {
      expect(squash(text)).toContain(squash('Ventas a consumidores finales'));
      expect(text).toContain('Débito fiscal propio del período');
    } else {
      // Only the taxpayers' book carries the consumer sales (RCT art. 85); no other book repeats them.
      expect(text).not.toContain('Ventas a contribuyentes');
    }
    if (type === 'libro_compras' || type === 'detalle_exportaciones') expect(text).not.toMatch(/Resumen|Débito fiscal/);
    const { files } = renderPages(pdf, 60);
    expect(files.length).toBe((await extractText(pdf)).pages);
    for (const f of files) expect(existsSync(f) && statSync(f).size > 2000).toBe(true);
  });
});
