import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import type { DocumentView } from '../../domain/documents';
import {
  DOCUMENT_EXPORT_COLUMNS, DOCUMENT_EXPORT_MEDIA_TYPES, documentCsvHeader, documentCsvLines, documentExportFilename, documentExportCells,
  type DocumentExportFormat,
} from '../../domain/documents/document-export';
import { writeDocumentsXlsx } from '../../integrations/documents-xlsx/document-export-xlsx.writer';
import type { Actor } from '../shared/actor';
import { inRequestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { documentFilterSchema } from './list-documents.service';

type DocumentListFilter = Omit<ReturnType<typeof documentFilterSchema.parse>, 'environment'>;

/** Documents read per keyset page: one page in memory at a time, whatever the export's size. */
export const EXPORT_PAGE_SIZE = 500;

/** An export ready to write: its file name and media type (the headers), and the body's writer. */
export interface DocumentExport {
  filename: string;
  mediaType: string;
  /** Writes the file into `sink` page by page, waiting for the sink to drain; stops when it closes. */
  write(sink: Writable): Promise<void>;
}

/**
 * The document list (`GET /v1/documents` and its filters, in the key's environment only) as a CSV
 * or XLSX file, streamed: keyset pages of EXPORT_PAGE_SIZE documents through the store's list read,
 * each written to the sink as it comes. The filters are checked before anything is written, so a
 * refusal is still an answer of its own.
 */
export class ExportDocumentsService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(actor: Actor, filter: unknown, format: DocumentExportFormat): DocumentExport {
    const parsed = parseWith(documentFilterSchema, filter ?? {});
    if (!parsed.ok) throw new DomainError('invalid_request', parsed.errors[0].message, parsed.errors.map((e) => ({ ...e, code: 'invalid_request' as const })));
    const f = parsed.value;
    const owner = inRequestEnvironment(actor, f.environment);
    const pages = (sink: Writable) => this.pages(owner, f, sink);
    return {
      filename: documentExportFilename(this.deps.clock.now(), format),
      mediaType: DOCUMENT_EXPORT_MEDIA_TYPES[format],
      write: format === 'csv' ? (sink) => this.writeCsv(pages(sink), sink) : (sink) => writeDocumentsXlsx(DOCUMENT_EXPORT_COLUMNS, rowsOf(pages(sink)), sink),
    };
  }

  /** The owner's matching documents, newest first, one keyset page at a time; ends early once the sink is gone. */
  private async *pages(owner: Actor, f: DocumentListFilter, sink: Writable): AsyncGenerator<DocumentView[]> {
    let startingAfter: string | null = null;
    for (;;) {
      if (sink.destroyed) return;
      const page = await this.deps.documents.exportPage(owner, f, { limit: EXPORT_PAGE_SIZE, startingAfter });
      if (page.data.length) yield page.data;
      if (!page.hasMore || !page.data.length) return;
      startingAfter = page.data[page.data.length - 1].id;
    }
  }

  private async writeCsv(pages: AsyncIterable<DocumentView[]>, sink: Writable): Promise<void> {
    await put(sink, documentCsvHeader());
    for await (const page of pages) await put(sink, documentCsvLines(page));
    sink.end();
  }
}

async function* rowsOf(pages: AsyncIterable<DocumentView[]>): AsyncGenerator<string[][]> {
  for await (const page of pages) yield page.map(documentExportCells);
}

/** Writes a chunk and waits for the sink to drain when its buffer is full (back-pressure). */
async function put(sink: Writable, chunk: string): Promise<void> {
  if (sink.destroyed) return;
  if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), once(sink, 'close')]);
}
