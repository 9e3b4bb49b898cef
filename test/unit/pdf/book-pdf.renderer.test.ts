import type { FiscalReport } from '../../../src/domain/fiscal';
import { PdfkitBookRenderer } from '../../../src/integrations/fiscal-pdf/book-pdf.renderer';
import { extractText } from './pdf-inspect';

const report = (rows: string[][]): FiscalReport => ({
  columns: [
    { key: 'date', label: 'Fecha', kind: 'date' },
    { key: 'name', label: 'Cliente', kind: 'text' },
    { key: 'taxable', label: 'Gravadas', kind: 'amount' },
    { key: 'iva', label: 'IVA', kind: 'amount' },
  ],
  rows,
  totals: { taxable: '1101.00', iva: '143.13', documents: '2' },
  warnings: [],
});
const header = { title: 'Libro de ventas a contribuyentes', taxpayerName: 'Acme, S.A. de C.V.', nrc: '1234567', nit: '06140101011015', period: '2026-11', accountantName: 'Ana López' };

describe('PdfkitBookRenderer', () => {
  it('draws text columns from their left edge and amounts flush right in their column, with the totals and signature', async () => {
    const pdf = await new PdfkitBookRenderer().render(report([
      ['01/11/2026', 'Cliente Uno', '1.00', '0.13'],
      ['02/11/2026', 'Cliente Dos con nombre largo', '1100.00', '143.00'],
    ]), header);
    const { pages, pageTexts, pageItems } = await extractText(pdf);
    expect(pages).toBe(1);
    expect(pageTexts[0]).toContain('Libro de ventas a contribuyentes');
    expect(pageTexts[0]).toContain('Folio 1');
    expect(pageTexts[0]).toContain('Período: noviembre de 2026');
    // Totals of no column are not printed raw: only a book's own summary is (book-pdf-readable.test.ts).
    expect(pageTexts[0]).not.toContain('documents');
    expect(pageTexts[0]).toContain('Totales del período');
    expect(pageTexts[0]).toContain('Contador: Ana López');
    const at = (s: string) => pageItems[0].filter((i) => i.str === s);
    // Left-aligned cells of one column start at the same x.
    expect(at('Cliente Uno')[0].x).toBeCloseTo(at('Cliente Dos con nombre largo')[0].x, 1);
    // Amounts of one column end at the same x (right-aligned), whatever their length.
    const right = (s: string) => at(s)[0].x + at(s)[0].width;
    expect(right('1.00')).toBeCloseTo(right('1100.00'), 0);
    expect(right('1100.00')).toBeCloseTo(right('1101.00'), 0);
    expect(right('0.13')).toBeCloseTo(right('143.13'), 0);
    expect(right('143.00')).toBeGreaterThan(right('1100.00'));
  });

  it('puts a cell that does not fit on as many lines as it needs, never cut, and starts a new folio when the page is full', async () => {
    const long = 'X'.repeat(300);
    const rows = Array.from({ length: 120 }, (_, i) => [`${String((i % 28) + 1).padStart(2, '0')}/11/2026`, i === 0 ? long : `Cliente ${i}`, '1.00', '0.13']);
    const { pages, pageTexts, pageItems } = await extractText(await new PdfkitBookRenderer().render(report(rows), header));
    expect(pages).toBeGreaterThan(1);
    expect(pageTexts[1]).toContain('Folio 2');
    expect(pageTexts.join(' ')).not.toContain('…');
    // The long cell: several lines, each starting at the column's left edge, that together are the whole text.
    const pieces = pageItems[0].filter((i) => /^X+$/.test(i.str));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.str).join('')).toBe(long);
    expect(new Set(pieces.map((p) => Math.round(p.x))).size).toBe(1);
    expect(pageTexts.join(' ')).toContain('Cliente 119');
  });

  it('never cuts an amount, however many columns share the page, and draws parentheses, backslashes and Spanish letters as written', async () => {
    const columns: FiscalReport['columns'] = [
      { key: 'date', label: 'Fecha', kind: 'date' },
      { key: 'name', label: 'Cliente', kind: 'text' },
      ...Array.from({ length: 12 }, (_, i) => ({ key: `a${i}`, label: `Importe ${i}`, kind: 'amount' as const })),
    ];
    const name = 'Panadería (El Sol) \\ Ñandú';
    const rows = [['01/11/2026', name, ...Array.from({ length: 12 }, (_, i) => (i === 11 ? '123456789.01' : `-${i}.50`))], ['02/11/2026', 'X'.repeat(300), ...Array.from({ length: 12 }, () => '0.00')]];
    const totals = Object.fromEntries(columns.filter((c) => c.kind === 'amount').map((c) => [c.key, '99999999.99']));
    const { pageTexts, pageItems } = await extractText(await new PdfkitBookRenderer().render({ columns, rows, totals, warnings: [] }, header));
    const strings = pageItems[0].map((i) => i.str);
    expect(strings).toContain(name);
    expect(strings).toContain('123456789.01');
    expect(strings).toContain('-10.50');
    expect(strings.filter((s) => s === '99999999.99')).toHaveLength(12);
    expect(pageTexts[0]).not.toContain('…');
    expect(pageItems[0].filter((i) => /^X+$/.test(i.str)).map((i) => i.str).join('')).toBe('X'.repeat(300));
  });
});
