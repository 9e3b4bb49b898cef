/**
 * Port for the PDF rendering of a VAT book (implemented outside the domain, with pdfkit, by the PDF
 * integration). RCT art. 82: taxpayer name and NRC on every folio, monthly totals, and the
 * accountant's name and signature on the totals page.
 */
import type { BookSummary } from '../../domain/fiscal/book-summary.labels';
import type { FiscalReport } from '../../domain/fiscal/report.types';

export interface BookHeader {
  /** e.g. "Libro de ventas a contribuyentes". */
  title: string;
  taxpayerName: string;
  nrc: string;
  nit: string | null;
  /** `YYYY-MM`. */
  period: string;
  /** Printed under the totals for the signature (RCT art. 82). */
  accountantName?: string | null;
  /** The book's closing summary under its totals row, in Spanish (bookSummary); none for books without one. */
  summary?: BookSummary | null;
}

export interface BookPdfRenderer {
  render(report: FiscalReport, header: BookHeader): Promise<Buffer>;
}
