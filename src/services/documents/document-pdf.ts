import type { EntityManager } from '@mikro-orm/core';
import { LogoFetcher } from '../../integrations/logo/logo-fetcher';
import { type PdfDocumentInput, renderDocumentPdf } from '../../integrations/pdf/render-document-pdf';
import { renderTicketEscpos } from '../../integrations/ticket/render-ticket-escpos';
import { renderTicketPdf } from '../../integrations/ticket/render-ticket-pdf';
import { type DocumentLayout, layoutFormat } from '../../domain/documents/document-layouts';
import type { SignedDocumentRow } from '../../persistence/documents/document-row';
import type { ServiceDeps } from '../shared/service-deps';
import { readLogo } from '../emitters/emitter-logo-store';

/**
 * The issuers' logos, fetched SSRF-safely and cached per URL (built once by the service registry); a
 * logo that cannot be had is logged and the PDF is drawn without one.
 */
export function documentLogoFetcher(deps: ServiceDeps): LogoFetcher {
  return new LogoFetcher({
    allowPrivate: deps.config.webhooks.allowPrivateUrls,
    onFailure: (url, reason) => deps.logger.warn({ logo_url: url, reason }, 'no se pudo obtener el logo del emisor; el PDF se genera sin él'),
  });
}

/**
 * The graphic representation of a stored document, shared by `GET /documents/{id}/pdf` and the
 * e-mail, with the issuer's logo (uploaded to the service, or fetched from its `logo_url` by
 * `documentLogoFetcher`); a logo that cannot be had never fails the PDF.
 */
export class DocumentPdfRenderer {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly logos: LogoFetcher,
  ) {}

  /** Loads the document with its signed JSON and issuer (`em` scoped by the caller). */
  async load(em: EntityManager, id: string, owner?: { accountId: string; environment: string }): Promise<SignedDocumentRow | null> {
    return this.deps.documents.findSigned(em, id, owner);
  }

  async render(d: SignedDocumentRow): Promise<Buffer> {
    // The logo uploaded to the service (ADR 0046), else the one at the issuer's logo_url.
    const uploaded = d.emitter.logo_url ? await readLogo(this.deps, d.emitter.id) : null;
    const logo = uploaded ? uploaded.content : d.emitter.logo_url ? await this.logos.fetch(d.emitter.logo_url) : null;
    return renderDocumentPdf({
      dte: JSON.parse(d.dte_json) as Record<string, unknown>,
      seal: d.reception_stamp,
      processedAt: d.processed_at,
      status: d.status,
      voidedAt: d.voided_at,
      establishmentCode: d.establishment_code,
      pointOfSaleCode: d.point_of_sale_code,
      logo,
    });
  }

  /** The document in a printed layout (ADR 0070): the letter PDF (with the logo), a ticket PDF or ESC/POS bytes. */
  async renderLayout(d: SignedDocumentRow, layout: DocumentLayout): Promise<Buffer> {
    if (layout === 'letter') return this.render(d);
    const input: PdfDocumentInput = {
      dte: JSON.parse(d.dte_json) as Record<string, unknown>,
      seal: d.reception_stamp,
      processedAt: d.processed_at,
      status: d.status,
      voidedAt: d.voided_at,
      establishmentCode: d.establishment_code,
      pointOfSaleCode: d.point_of_sale_code,
    };
    const paper = layout.endsWith('58') ? '58' : '80';
    return layoutFormat(layout).kind === 'ticket' ? renderTicketPdf(input, paper) : renderTicketEscpos(input, paper);
  }
}
