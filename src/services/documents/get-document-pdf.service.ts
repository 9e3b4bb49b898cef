import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { DocumentPdfRenderer } from './document-pdf';
import { DEFAULT_DOCUMENT_LAYOUT, type DocumentLayout, layoutFormat } from '../../domain/documents/document-layouts';

export interface DocumentPdf {
  pdf: Buffer;
  /** `<control number>.pdf` (`.bin` for ESC/POS) */
  filename: string;
  /** `application/pdf`, or `application/octet-stream` for ESC/POS. */
  mediaType: string;
}

/** The PDF of a document of the caller's account and environment; null when there is none (404). */
export class GetDocumentPdfService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly renderer: DocumentPdfRenderer,
  ) {}

  /** `layout`: letter (default), ticket-80, ticket-58, escpos-80, escpos-58 (validated by the door). */
  async execute(actor: Actor, id: string, layout: DocumentLayout = DEFAULT_DOCUMENT_LAYOUT): Promise<DocumentPdf | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const d = await this.renderer.load(this.deps.orm.em.fork(), id, actor);
    if (!d) return null;
    const format = layoutFormat(layout);
    return { pdf: await this.renderer.renderLayout(d, layout), filename: `${d.control_number}.${format.extension}`, mediaType: format.mediaType };
  }
}
