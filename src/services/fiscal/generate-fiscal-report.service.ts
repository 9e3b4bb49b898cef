import type { BookPdfRenderer } from '../ports/book-pdf-renderer.port';
import type { ServiceDeps } from '../shared/service-deps';
import { generateStoredReport } from './fiscal-report-store';

/**
 * Generates one queued report (the `generate-fiscal-report` job, and each report of a period's
 * close): see generateStoredReport. The books' PDF renderer is handed in by the service registry,
 * built once for the process.
 */
export class GenerateFiscalReportService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly bookPdf: BookPdfRenderer,
  ) {}

  /** `emitEvent: false`: no `fiscal.report.ready` (a period close announces its own event). */
  execute(reportId: string, touch?: () => Promise<void>, opts: { emitEvent?: boolean } = {}): Promise<{ status: string; contentHash: string | null }> {
    return generateStoredReport(this.deps, this.bookPdf, reportId, { touch, emitEvent: opts.emitEvent });
  }
}
