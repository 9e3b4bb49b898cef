/** A document as the API shows it (REST and GraphQL map from this). */
export interface DocumentView {
  id: string | null;
  emitterId: string;
  environment: string;
  type: string;
  status: string;
  externalId: string | null;
  generationCode: string | null;
  controlNumber: string | null;
  receptionStamp: string | null;
  processedAt: Date | null;
  issuedAt: Date;
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null;
  publicUrl: string | null;
  pdfUrl: string | null;
  jsonUrl: string | null;
  createdAt: Date | null;
  emitterName: string;
  establishment: string;
  pointOfSale: string;
  receiver: { name: string | null; documentType: string | null; documentNumber: string | null; nrc: string | null; email: string | null } | null;
  relatedDocuments: { id: string | null; type: string; generationCode: string }[];
  voidedAt: Date | null;
  void: {
    reasonType: string;
    reason: string | null;
    replacementDocumentId: string | null;
    receptionStamp: string | null;
    status: string;
    /** MH's answer to the invalidation event (null while pending). */
    mhResponse: { code: string | null; message: string | null; observations: string[] } | null;
  } | null;
  warnings: { code: string; message: string }[];
  events: { type: string; at: Date; message: string }[];
  replacesDocumentId: string | null;
  replacedByDocumentId: string | null;
  dryRun: boolean;
  /** The built official JSON (dry runs only; stored documents serve it at /json). */
  json: Record<string, unknown> | null;
}

/** MH's public query URL, the target of the QR code on the printed document. */
export function publicQueryUrl(environment: string, generationCode: string, issueDate: string): string {
  return `https://admin.factura.gob.sv/consultaPublica?ambiente=${environment}&codGen=${generationCode}&fechaEmi=${issueDate}`;
}

function moneyString(v: string | number): string {
  const s = String(v);
  return /^-?\d+$/.test(s) ? `${s}.00` : /^-?\d+\.\d$/.test(s) ? `${s}0` : s;
}

/** Columns of a document row as list queries select them (raw SQL, snake_case). */
export interface DocumentListRow {
  id: string;
  emitter_id: string;
  emitter_name: string;
  environment: string;
  type: string;
  status: string;
  external_id: string | null;
  generation_code: string;
  control_number: string;
  reception_stamp: string | null;
  processed_at: string | Date | null;
  issued_at: string | Date;
  issue_date: string;
  subtotal: string;
  iva: string;
  total: string;
  total_in_words: string;
  mh_response: DocumentView['mhResponse'];
  created_at: string | Date;
  establishment_code: string;
  point_of_sale_code: string;
  receiver_name: string | null;
  receiver_document_type: string | null;
  receiver_document_number: string | null;
  receiver_nrc: string | null;
  receiver_email: string | null;
  related_documents: { id: string | null; type: string; generationCode: string }[];
  voided_at: string | Date | null;
  /** As stored: MH's answer under `mh`. */
  void: (Omit<NonNullable<DocumentView['void']>, 'mhResponse'> & { mh?: NonNullable<DocumentView['void']>['mhResponse'] }) | null;
  warnings: { code: string; message: string }[];
  replaces_document_id: string | null;
  replaced_by_document_id: string | null;
}

export const LIST_COLUMNS = `d.id, d.emitter_id, e.name as emitter_name, d.environment, d.type, d.status, d.external_id, d.generation_code, d.control_number,
  d.reception_stamp, d.processed_at, d.issued_at, d.issue_date, d.subtotal::text as subtotal, d.iva::text as iva, d.total::text as total, d.total_in_words,
  d.mh_response, d.created_at, d.establishment_code, d.point_of_sale_code, d.receiver_name, d.receiver_document_type, d.receiver_document_number,
  d.receiver_nrc, d.receiver_email, d.related_documents, d.voided_at, d.void, d.warnings, d.replaces_document_id, d.replaced_by_document_id`;

const asDate = (v: string | Date | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export function documentViewFromRow(r: DocumentListRow, events: { type: string; at: Date; message: string }[], baseUrl: string): DocumentView {
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
    processedAt: asDate(r.processed_at),
    issuedAt: asDate(r.issued_at)!,
    totals: { subtotal: moneyString(r.subtotal), iva: moneyString(r.iva), total: moneyString(r.total), totalInWords: r.total_in_words },
    mhResponse: r.mh_response,
    publicUrl: publicQueryUrl(r.environment, r.generation_code, r.issue_date),
    pdfUrl: `${baseUrl}/v1/documents/${r.id}/pdf`,
    jsonUrl: `${baseUrl}/v1/documents/${r.id}/json`,
    createdAt: asDate(r.created_at),
    emitterName: r.emitter_name,
    establishment: r.establishment_code,
    pointOfSale: r.point_of_sale_code,
    receiver:
      r.receiver_name || r.receiver_document_number || r.receiver_email
        ? { name: r.receiver_name, documentType: r.receiver_document_type, documentNumber: r.receiver_document_number, nrc: r.receiver_nrc, email: r.receiver_email }
        : null,
    relatedDocuments: (r.related_documents ?? []).map((x) => ({ id: x.id, type: x.type, generationCode: x.generationCode })),
    voidedAt: asDate(r.voided_at),
    void: r.void
      ? { reasonType: r.void.reasonType, reason: r.void.reason, replacementDocumentId: r.void.replacementDocumentId, receptionStamp: r.void.receptionStamp, status: r.void.status, mhResponse: r.void.mh ?? null }
      : null,
    warnings: r.warnings ?? [],
    events,
    replacesDocumentId: r.replaces_document_id,
    replacedByDocumentId: r.replaced_by_document_id,
    dryRun: false,
    json: null,
  };
}
