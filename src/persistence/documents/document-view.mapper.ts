import { moneyString, publicQueryUrl, type DocumentHistoryLine, type DocumentIssuedLines, type DocumentView } from '../../domain/documents';
import type { DocumentViewRow } from './document-row';

/** The one mapping from a stored document's row (and its `events[]`, and its lines when read) to the view both doors show. */
export function toDocumentView(r: DocumentViewRow, events: DocumentHistoryLine[], baseUrl: string, issued: DocumentIssuedLines | null = null): DocumentView {
  return {
    id: r.id,
    emitterId: r.emitter_id,
    environment: r.environment,
    type: r.type,
    status: r.status,
    externalId: r.external_id,
    generationCode: r.generation_code,
    controlNumber: r.control_number,
    receptionStamp: r.reception_stamp,
    processedAt: r.processed_at,
    issuedAt: r.issued_at,
    totals: { subtotal: moneyString(r.subtotal), iva: moneyString(r.iva), total: moneyString(r.total), totalInWords: r.total_in_words },
    mhResponse: r.mh_response,
    publicUrl: publicQueryUrl(r.environment, r.generation_code, r.issue_date),
    pdfUrl: `${baseUrl}/v1/documents/${r.id}/pdf`,
    jsonUrl: `${baseUrl}/v1/documents/${r.id}/json`,
    createdAt: r.created_at,
    emitterName: r.emitter_name,
    establishment: r.establishment_code,
    pointOfSale: r.point_of_sale_code,
    receiver:
      r.receiver_name || r.receiver_document_number || r.receiver_email
        ? { name: r.receiver_name, documentType: r.receiver_document_type, documentNumber: r.receiver_document_number, nrc: r.receiver_nrc, email: r.receiver_email }
        : null,
    relatedDocuments: r.related_documents.map((x) => ({ id: x.id, type: x.type, generationCode: x.generationCode })),
    voidedAt: r.voided_at,
    void: r.void
      ? { reasonType: r.void.reasonType, reason: r.void.reason, replacementDocumentId: r.void.replacementDocumentId, receptionStamp: r.void.receptionStamp, status: r.void.status, mhResponse: r.void.mh ?? null }
      : null,
    warnings: r.warnings,
    events,
    replacesDocumentId: r.replaces_document_id,
    replacedByDocumentId: r.replaced_by_document_id,
    dryRun: false,
    json: null,
    issued,
  };
}

/** `events[]` lines as a jsonb aggregate returns them (`at` as text) → history lines. */
export function historyLines(lines: { type: string; at: string | Date; message: string }[]): DocumentHistoryLine[] {
  return lines.map((e) => ({ type: e.type, at: e.at instanceof Date ? e.at : new Date(e.at), message: e.message }));
}
