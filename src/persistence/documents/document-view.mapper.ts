import { moneyString, publicQueryUrl, type DocumentHistoryLine, type DocumentIssuedLines, type DocumentView } from '../../domain/documents';
import type { DocumentReadRow, DocumentViewRow, LazyDocumentColumn } from './document-row';

/**
 * The columns a document's view is built from, and only those: the list and the read by id select
 * them (a page of 100 documents parses no timestamp or JSON it does not show), and `toDocumentView`
 * can read nothing else (a column it starts to read fails the type check until it is listed here).
 */
export const DOCUMENT_VIEW_COLUMNS = [
  'id', 'emitter_id', 'environment', 'type', 'status', 'external_id', 'generation_code', 'control_number', 'reception_stamp',
  'processed_at', 'issued_at', 'issue_date', 'created_at', 'subtotal', 'iva', 'total', 'total_in_words', 'mh_response',
  'establishment_code', 'point_of_sale_code', 'receiver_name', 'receiver_document_type', 'receiver_document_number', 'receiver_nrc',
  'receiver_email', 'related_documents', 'voided_at', 'void', 'warnings', 'replaces_document_id', 'replaced_by_document_id', 'notes',
] as const satisfies readonly Exclude<keyof DocumentReadRow, LazyDocumentColumn>[];

/** The row a document's view is built from: its view's columns plus the issuer's name. */
export type DocumentViewColumnsRow = DocumentViewRow<(typeof DOCUMENT_VIEW_COLUMNS)[number]>;

/** The one mapping from a stored document's row (and its `events[]`, and its lines when read) to the view both doors show. */
export function toDocumentView(r: DocumentViewColumnsRow, events: DocumentHistoryLine[], baseUrl: string, issued: DocumentIssuedLines | null = null): DocumentView {
  return {
    id: r.id,
    emitterId: r.emitter_id,
    environment: r.environment as DocumentView['environment'],
    type: r.type,
    status: r.status,
    externalId: r.external_id,
    notes: r.notes ?? null,
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
    ...(issued ?? {}),
  };
}

/** `events[]` lines as a jsonb aggregate returns them (`at` as text) → history lines. */
export function historyLines(lines: { type: string; at: string | Date; message: string }[]): DocumentHistoryLine[] {
  return lines.map((e) => ({ type: e.type, at: e.at instanceof Date ? e.at : new Date(e.at), message: e.message }));
}
