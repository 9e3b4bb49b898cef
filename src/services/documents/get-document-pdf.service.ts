import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { DocumentPdfRenderer } from './document-pdf';

export interface DocumentPdf {
  pdf: Buffer;
  /** `<control number>.pdf` */
  filename: string;
}

/** The PDF of a document of the caller's account and environment; null when there is none (404). */
export class GetDocumentPdfService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly renderer: DocumentPdfRenderer,
  ) {}

  async execute(actor: Actor, id: string): Promise<DocumentPdf | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const d = await this.renderer.load(this.deps.orm.em.fork(), id, actor);
    if (!d) return null;
    return { pdf: await this.renderer.render(d), filename: `${d.control_number}.pdf` };
  }
}
