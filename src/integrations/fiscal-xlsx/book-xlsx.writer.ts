/**
 * XLSX of a VAT book (exceljs streaming writer into memory; outside the domain, which imports no I/O package): title block (book,
 * taxpayer, NRC, period; RCT art. 82), a bold header row frozen under the title, amounts as numeric
 * cells with format `#,##0.00` (the decimal string becomes the cell number), codes and dates as
 * text, a bold totals row, column widths by content. Returns the workbook bytes.
 */
import { PassThrough } from 'node:stream';
import { exceljs } from '../shared/lazy-library';
import type { BookHeader } from '../../services/ports/book-pdf-renderer.port';
import type { FiscalReport } from '../../domain/fiscal/report.types';

const AMOUNT_FORMAT = '#,##0.00';
const MAX_WIDTH = 60;

function periodLabel(period: string): string {
  return `${period.slice(5, 7)}/${period.slice(0, 4)}`;
}

function columnWidths(report: FiscalReport): number[] {
  const widths = report.columns.map((c) => Math.min(MAX_WIDTH, Math.max(8, c.label.length + 2)));
  for (const row of report.rows) {
    for (let i = 0; i < row.length; i++) if (row[i].length + 2 > widths[i]) widths[i] = Math.min(MAX_WIDTH, row[i].length + 2);
  }
  return widths;
}

export async function writeBookXlsx(report: FiscalReport, header: BookHeader): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { sink.on('end', resolve); sink.on('error', reject); });

  const wb = new (exceljs()).stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  wb.creator = 'dte-service';
  const titleRows = [
    header.title,
    `Contribuyente: ${header.taxpayerName}`,
    `NRC: ${header.nrc}${header.nit ? `    NIT: ${header.nit}` : ''}`,
    `Período: ${periodLabel(header.period)}`,
  ];
  const headerRow = titleRows.length + 2;
  const ws = wb.addWorksheet(header.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: headerRow }] });
  const widths = columnWidths(report);
  ws.columns = report.columns.map((c, i) => ({
    key: c.key,
    width: widths[i],
    style: c.kind === 'amount' ? { numFmt: AMOUNT_FORMAT, alignment: { horizontal: 'right' } } : {},
  }));

  titleRows.forEach((text, i) => {
    const row = ws.addRow([text]);
    row.font = { bold: i === 0, size: i === 0 ? 14 : 11 };
    row.commit();
  });
  ws.addRow([]).commit();
  const h = ws.addRow(report.columns.map((c) => c.label));
  h.font = { bold: true };
  h.alignment = { wrapText: true, vertical: 'middle' };
  h.commit();

  const amountIdx = report.columns.map((c, i) => (c.kind === 'amount' ? i : -1)).filter((i) => i >= 0);
  for (const row of report.rows) {
    const values: (string | number)[] = row.slice();
    for (const i of amountIdx) values[i] = Number(row[i]);
    ws.addRow(values).commit();
  }
  const totals = ws.addRow(report.columns.map((c, i) => (c.kind === 'amount' ? Number(report.totals[c.key] ?? '0') : i === 0 ? 'Totales' : null)));
  totals.font = { bold: true };
  totals.commit();
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}
