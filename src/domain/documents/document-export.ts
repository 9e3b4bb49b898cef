/**
 * The document list as a spreadsheet (`GET /v1/documents/export`): one row per document with Spanish
 * headers, amounts as numbers (decimal strings of 2 decimals, which a spreadsheet reads as numbers),
 * text cells neutralised against formula injection exactly as the VAT books' CSV (csv-formula.guard),
 * and the CSV framing of the books: `;` separator, RFC 4180 quoting where needed, CRLF, UTF-8 BOM.
 */
import { neutraliseFormula } from '../fiscal/csv-formula.guard';
import { localDateOf } from '../mh-rules/el-salvador-time';
import type { DocumentView } from './document-view';

export const DOCUMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type DocumentExportFormat = (typeof DOCUMENT_EXPORT_FORMATS)[number];
export const DOCUMENT_EXPORT_FORMAT_MESSAGE = 'El formato de la exportación es csv o xlsx.';

export const DOCUMENT_EXPORT_MEDIA_TYPES: Readonly<Record<DocumentExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ExportCellKind = 'text' | 'amount' | 'date';

export interface ExportColumn {
  label: string;
  kind: ExportCellKind;
}

export const DOCUMENT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { label: 'Tipo', kind: 'text' },
  { label: 'Número de control', kind: 'text' },
  { label: 'Código de generación', kind: 'text' },
  { label: 'Sello de recepción', kind: 'text' },
  { label: 'Fecha de emisión', kind: 'date' },
  { label: 'Emisor', kind: 'text' },
  { label: 'Receptor', kind: 'text' },
  { label: 'Documento del receptor', kind: 'text' },
  { label: 'Subtotal', kind: 'amount' },
  { label: 'IVA', kind: 'amount' },
  { label: 'Total', kind: 'amount' },
  { label: 'Estado', kind: 'text' },
  { label: 'Id externo', kind: 'text' },
  { label: 'Id', kind: 'text' },
];

/** CAT-002 names as the panel and the books show them. */
export const DTE_TYPE_LABELS: Readonly<Record<string, string>> = {
  '01': 'Factura',
  '03': 'Comprobante de crédito fiscal',
  '04': 'Nota de remisión',
  '05': 'Nota de crédito',
  '06': 'Nota de débito',
  '07': 'Comprobante de retención',
  '08': 'Comprobante de liquidación',
  '09': 'Documento contable de liquidación',
  '11': 'Factura de exportación',
  '14': 'Factura de sujeto excluido',
  '15': 'Comprobante de donación',
};

export const DOCUMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: 'Borrador',
  validated: 'Validado',
  signed: 'Firmado',
  sending: 'Enviando',
  processed: 'Procesado',
  rejected: 'Rechazado',
  contingency: 'En contingencia',
  voided: 'Invalidado',
  error: 'Error',
};

/** `documentos-YYYYMMDD.csv` with the El Salvador date of `now`. */
export function documentExportFilename(now: Date, format: DocumentExportFormat): string {
  return `documentos-${localDateOf(now).replace(/-/g, '')}.${format}`;
}

/** One document as the export's cells (strings; amounts as decimal strings), text not yet neutralised. */
export function documentExportCells(d: DocumentView): string[] {
  return [
    `${d.type} ${DTE_TYPE_LABELS[d.type] ?? ''}`.trim(),
    d.controlNumber ?? '',
    d.generationCode ?? '',
    d.receptionStamp ?? '',
    localDateOf(d.issuedAt),
    d.emitterName,
    d.receiver?.name ?? '',
    d.receiver?.documentNumber ?? '',
    d.totals.subtotal,
    d.totals.iva,
    d.totals.total,
    DOCUMENT_STATUS_LABELS[d.status] ?? d.status,
    d.externalId ?? '',
    d.id ?? '',
  ];
}

/** The cells with text neutralised (a receiver named `=HYPERLINK(…)` becomes `'=HYPERLINK(…)`). */
export function guardedExportCells(d: DocumentView): string[] {
  return documentExportCells(d).map((c, i) => (DOCUMENT_EXPORT_COLUMNS[i].kind === 'text' ? neutraliseFormula(c) : c));
}

const NEEDS_QUOTES = /[;"\r\n]/;
const csvCell = (v: string) => (NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The CSV's first bytes: the UTF-8 BOM (so Excel shows accents) and the header line. */
export function documentCsvHeader(): string {
  return `\uFEFF${DOCUMENT_EXPORT_COLUMNS.map((c) => csvCell(c.label)).join(';')}\r\n`;
}

/** One page of documents as CSV lines, each ended by CRLF. */
export function documentCsvLines(page: readonly DocumentView[]): string {
  let out = '';
  for (const d of page) out += guardedExportCells(d).map(csvCell).join(';') + '\r\n';
  return out;
}
