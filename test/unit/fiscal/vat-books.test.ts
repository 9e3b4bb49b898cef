import ExcelJS from 'exceljs';
import { generateReport, writeBookCsv, type FiscalReport, type LedgerDocument, type LedgerRecord, type ReportType } from '../../../src/domain/fiscal/index';
import { writeBookXlsx } from '../../../src/integrations/fiscal-xlsx/book-xlsx.writer';
import { DUI_RECEIVER, PURCHASE_BODY, RELATED_CCF, item, ledgerDoc, ledgerRecord, sealOf, totalsVsRows } from './fiscal-fixtures';

function book(type: ReportType, documents: LedgerDocument[], records: LedgerRecord[] = [], params: unknown = {}): FiscalReport {
  const r = generateReport(type, { period: '2026-03', documents, records }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const NAME = 'Cliente Corporativo, S.A. de C.V.';
const DOCS = [
  ledgerDoc({ type: '03', n: 1, at: '2026-03-10T16:45:30Z', body: { items: [item({ unitPrice: '100.00', quantity: '2' }), item({ tax: 'exenta', unitPrice: '50.00' })] } }),
  ledgerDoc({ type: '05', n: 2, at: '2026-03-11T16:45:30Z', body: { items: [item({ unitPrice: '20.00', relatedDocument: RELATED_CCF })] } }),
  ledgerDoc({ type: '06', n: 3, at: '2026-03-12T16:45:30Z', body: { receiver: DUI_RECEIVER, items: [item({ unitPrice: '7.77', relatedDocument: RELATED_CCF })] } }),
  ledgerDoc({ type: '01', n: 4, at: '2026-03-10T15:00:00Z' }),
  ledgerDoc({ type: '01', n: 5, at: '2026-03-10T16:00:00Z', pos: 'S001P002', body: { items: [item({ unitPrice: '113.00' })] } }),
  ledgerDoc({ type: '01', n: 6, at: '2026-03-10T17:00:00Z', body: { items: [item({ tax: 'exenta', unitPrice: '3.00' }), item({ unitPrice: '22.60' })] } }),
  ledgerDoc({ type: '01', n: 7, at: '2026-02-27T17:00:00Z', status: 'voided', voidedAt: '2026-03-03T18:00:00Z' }),
];
const cg = (n: number) => `A000000000004000800000000000000${n}`;
const nc = (t: string, n: number, pos = 'M001P001') => `DTE${t}${pos}00000000000000${n}`;

describe('libro de ventas a contribuyentes', () => {
  const report = book('libro_ventas_contribuyentes', DOCS);
  it('correlative, columns in RCT art. 85 order, credit notes subtract', () => {
    expect(report.rows).toEqual([
      ['1', '10/03/2026', '03', nc('03', 1), cg(1), sealOf(1), NAME, '765432', '50.00', '0.00', '200.00', '26.00', '0.00', '0.00', '0.00', '276.00'],
      ['2', '11/03/2026', '05', nc('05', 2), cg(2), sealOf(2), NAME, '765432', '0.00', '0.00', '-20.00', '-2.60', '0.00', '0.00', '0.00', '-22.60'],
      ['3', '12/03/2026', '06', nc('06', 3), cg(3), sealOf(3), NAME, '765432', '0.00', '0.00', '7.77', '1.01', '0.00', '0.00', '0.00', '8.78'],
    ]);
  });

  it('monthly totals equal the sums of the rows, plus the art. 85 closing summary', () => {
    const { fromTotals, fromRows } = totalsVsRows(report);
    expect(fromTotals).toEqual(fromRows);
    expect(report.totals).toEqual({
      exempt_sales: '50.00', non_subject_sales: '0.00', taxed_sales: '187.77', vat_debit: '24.41', third_party_sales: '0.00',
      third_party_vat_debit: '0.00', vat_perceived: '0.00', total_sales: '262.18',
      consumer_exempt_sales: '3.00', consumer_non_subject_sales: '0.00', consumer_taxed_sales_net: '120.00', consumer_vat_debit: '15.60',
      consumer_exports: '0.00', consumer_third_party_sales: '0.00', total_vat_debit: '40.01', total_third_party_vat_debit: '0.00',
    });
  });

  const params: [string, unknown, string[]][] = [
    ['positive credit notes', { notes: 'positive' }, ['20.00', '2.60', '22.60']],
    ['hyphenated identifiers', { codes: 'hyphenated' }, ['-20.00', '-2.60', '-22.60']],
  ];
  it.each(params)('%s', (label, p, amounts) => {
    const row = book('libro_ventas_contribuyentes', DOCS, [], p).rows[1];
    expect([row[10], row[11], row[15]]).toEqual(amounts);
    if (label.startsWith('hyphenated')) expect([row[3], row[4]]).toEqual(['DTE-05-M001P001-000000000000002', 'A0000000-0000-4000-8000-000000000002']);
  });
});

describe('libro de ventas a consumidores finales', () => {
  it('one line per day and point of sale with code and control-number ranges; a late void subtracts on its date', () => {
    const report = book('libro_ventas_consumidor', DOCS);
    expect(report.rows).toEqual([
      ['03/03/2026', '01', cg(7), cg(7), nc('01', 7), nc('01', 7), 'M001P001', '0.00', '0.00', '-10.00', '0.00', '-10.00', '0.00'],
      ['10/03/2026', '01', cg(4), cg(6), nc('01', 4), nc('01', 6), 'M001P001', '3.00', '0.00', '32.60', '0.00', '35.60', '0.00'],
      ['10/03/2026', '01', cg(5), cg(5), nc('01', 5, 'S001P002'), nc('01', 5, 'S001P002'), 'S001P002', '0.00', '0.00', '113.00', '0.00', '113.00', '0.00'],
    ]);
    const { fromTotals, fromRows } = totalsVsRows(report);
    expect(fromTotals).toEqual(fromRows);
    expect(report.totals).toEqual({
      exempt_sales: '3.00', non_subject_sales: '0.00', taxed_sales: '135.60', exports: '0.00', total_sales: '138.60', third_party_sales: '0.00',
      taxed_sales_net: '120.00', vat_debit: '15.60',
    });
  });

  it('grouping per day only', () => {
    const report = book('libro_ventas_consumidor', DOCS, [], { grouping: 'day' });
    expect(report.rows[1]).toEqual(['10/03/2026', '01', cg(4), cg(6), nc('01', 4), nc('01', 6), '', '3.00', '0.00', '145.60', '0.00', '148.60', '0.00']);
  });
});

const PURCHASES = [
  ledgerRecord('purchases', PURCHASE_BODY),
  ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: 'P-NC', docType: '05', issueDate: '2026-03-11', generationCode: 'B0000000-0000-4000-8000-000000000002', controlNumber: undefined, amounts: { taxed_internal: '10.00', vat_credit: '1.30' } }),
  ledgerRecord('purchases', { externalId: 'P-FSE', version: 1, accountingDate: '2026-03-21', issueDate: '2026-03-21', docClass: '4', docType: '14', generationCode: 'D0000000-0000-4000-8000-000000000005', seal: sealOf(605), counterpart: { name: 'Juan Pérez', dui: '012345678' }, amounts: { operation_amount: '280.00', vat_withheld: '36.40' } }),
];

describe('libro de compras', () => {
  it('columns of RCT art. 86 with annex 3 keys; NC subtract; sujeto excluido in its own column', () => {
    const report = book('libro_compras', [], PURCHASES);
    expect(report.rows).toEqual([
      ['1', '10/03/2026', '03', 'B0000000000040008000000000000001', '123456', '', 'Proveedor Uno, S.A. de C.V.', '5.50', '0.00', '0.00', '100.00', '0.00', '0.00', '0.00', '13.00', '105.50', '0.00', '0.00'],
      ['2', '11/03/2026', '05', 'B0000000000040008000000000000002', '123456', '', 'Proveedor Uno, S.A. de C.V.', '0.00', '0.00', '0.00', '-10.00', '0.00', '0.00', '0.00', '-1.30', '-10.00', '0.00', '0.00'],
      ['3', '21/03/2026', '14', 'D0000000000040008000000000000005', '', '012345678', 'Juan Pérez', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '280.00', '36.40', '280.00'],
    ]);
    const { fromTotals, fromRows } = totalsVsRows(report);
    expect(fromTotals).toEqual(fromRows);
  });
});

describe('book writers', () => {
  const report = book('libro_compras', [], PURCHASES);

  it('CSV: UTF-8 BOM, header of labels, rows, totals line', () => {
    const text = writeBookCsv(report, { encoding: 'utf-8-bom' }).toString('utf8');
    const lines = text.split('\r\n');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(lines[0].slice(1)).toBe(report.columns.map((c) => c.label).join(';'));
    expect(lines[1]).toBe(report.rows[0].join(';'));
    expect(lines[4]).toBe('Totales;;;;;;;5.50;0.00;0.00;90.00;0.00;0.00;0.00;11.70;375.50;36.40;280.00');
    expect(lines.length).toBe(6);
  });

  it('CSV quotes a field that holds the separator', () => {
    const text = writeBookCsv({ ...report, rows: [['1', 'a;b', 'c"d']] }, { encoding: 'utf-8' }).toString('utf8');
    expect(text.split('\r\n')[1]).toBe('1;"a;b";"c""d"');
  });

  it('XLSX: title block, frozen header, numeric amounts with 2-decimal format, totals row, widths', async () => {
    const bytes = await writeBookXlsx(report, { title: 'Libro de compras', taxpayerName: 'Empresa Demo, S.A. de C.V.', nrc: '1234567', nit: '06142803901121', period: '2026-03' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A1').value).toBe('Libro de compras');
    expect(ws.getCell('A2').value).toBe('Contribuyente: Empresa Demo, S.A. de C.V.');
    expect(ws.getCell('A3').value).toBe('NRC: 1234567    NIT: 06142803901121');
    expect(ws.getCell('A4').value).toBe('Período: 03/2026');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    expect(ws.getRow(6).values).toEqual([undefined, ...report.columns.map((c) => c.label)]);
    expect(ws.getCell('H7').value).toBe(5.5);
    expect(ws.getCell('H7').numFmt).toBe('#,##0.00');
    expect(ws.getCell('K8').value).toBe(-10);
    expect(ws.getCell('D7').value).toBe('B0000000000040008000000000000001');
    expect(ws.getRow(10).values).toEqual([undefined, 'Totales', undefined, undefined, undefined, undefined, undefined, undefined, 5.5, 0, 0, 90, 0, 0, 0, 11.7, 375.5, 36.4, 280]);
    expect(ws.getRow(10).font?.bold).toBe(true);
    expect(ws.getColumn(4).width).toBe(34);
  });
});
