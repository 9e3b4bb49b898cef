import type { DocumentIssuedLines } from './document-lines';
import type { DocumentStatus } from './document-status';

/**
 * A document as the API shows it: the one shape both doors map from (GraphQL `Document`, REST
 * `document`). The document store builds it from a stored row; a dry run builds it from the built JSON.
 */
export interface DocumentView {
  id: string | null;
  emitterId: string;
  environment: string;
  type: string;
  status: DocumentStatus;
  externalId: string | null;
  generationCode: string | null;
  controlNumber: string | null;
  receptionStamp: string | null;
  processedAt: Date | null;
  issuedAt: Date;
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  mhResponse: DocumentMhResponse | null;
  publicUrl: string | null;
  pdfUrl: string | null;
  jsonUrl: string | null;
  createdAt: Date | null;
  emitterName: string;
  establishment: string;
  pointOfSale: string;
  receiver: DocumentReceiverSummary | null;
  relatedDocuments: { id: string | null; type: string; generationCode: string }[];
  voidedAt: Date | null;
  void: DocumentVoidView | null;
  warnings: { code: string; message: string }[];
  events: DocumentHistoryLine[];
  replacesDocumentId: string | null;
  replacedByDocumentId: string | null;
  dryRun: boolean;
  /** The built official JSON (dry runs only; stored documents serve it at /json). */
  json: Record<string, unknown> | null;
  /**
   * Its lines and payment terms as issued (document-lines.ts), when this view read them: a document by
   * id, a dry run, an issuance's answer. Null in lists, whose pages never read the signed JSON.
   */
  issued: DocumentIssuedLines | null;
}

/** MH's last answer about the document. */
export interface DocumentMhResponse {
  code: string | null;
  message: string | null;
  observations: string[];
}

export interface DocumentReceiverSummary {
  name: string | null;
  documentType: string | null;
  documentNumber: string | null;
  nrc: string | null;
  email: string | null;
}

/** The invalidation of a document as stored: pending until MH seals or rejects the event. */
export interface DocumentVoidInfo {
  reasonType: string;
  reason: string | null;
  replacementDocumentId: string | null;
  receptionStamp: string | null;
  status: string;
  /** MH's answer to the event (absent while pending). */
  mh?: DocumentMhResponse | null;
}

/** The invalidation as the API shows it: MH's answer as `mhResponse` (null while pending). */
export interface DocumentVoidView {
  reasonType: string;
  reason: string | null;
  replacementDocumentId: string | null;
  receptionStamp: string | null;
  status: string;
  mhResponse: DocumentMhResponse | null;
}

/** One line of `events[]`. */
export interface DocumentHistoryLine {
  type: string;
  at: Date;
  message: string;
}

/** `12` → `12.00`, `12.5` → `12.50`: summary amounts always carry two decimals. */
export function moneyString(v: string | number): string {
  const s = String(v);
  return /^-?\d+$/.test(s) ? `${s}.00` : /^-?\d+\.\d$/.test(s) ? `${s}0` : s;
}
