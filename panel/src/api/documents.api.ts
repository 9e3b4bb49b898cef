/** GraphQL operations of the documents screens. */
import { DOCUMENT_ROW_FIELDS, DOCUMENTS_LIST_QUERY, DOCUMENTS_PAGE_SIZE, documentFilterFromQuery, takeEarlyDocuments, type DocumentFilter, type EarlyPage } from '../early/first-screen';
import { gqlMutate, gqlQuery, gqlSubscribe, type UserError } from '../lib/graphql';
import { api } from '../lib/http';

export interface DocumentRow {
  id: string;
  controlNumber: string | null;
  generationCode: string | null;
  type: string;
  status: string;
  issuedAt: string;
  emitterId: string;
  emitterName: string;
  receiver: { name: string | null; documentNumber: string | null } | null;
  totals: { total: string };
}

export interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const ROW_FIELDS = DOCUMENT_ROW_FIELDS;

export { DOCUMENTS_PAGE_SIZE, documentFilterFromQuery, type DocumentFilter };

function fetchDocuments(filter: DocumentFilter, after: string | null, first: number): Promise<Page<DocumentRow>> {
  return gqlQuery<{ documents: Page<DocumentRow> }>(DOCUMENTS_LIST_QUERY, { filter, first, after }).then((r) => r.documents);
}

/** The first page asked at page load while it is still on its way, for listDocuments to take. */
let pending: EarlyPage | null = null;

/** The first page asked at page load, if it already arrived for this filter: the screen then draws it at once. */
export function firstDocumentsAtHand(filter: DocumentFilter): Page<DocumentRow> | undefined {
  const early = takeEarlyDocuments(filter);
  if (!early) return undefined;
  if (early.value) return early.value as Page<DocumentRow>;
  pending = early; // still on its way: listDocuments takes it
  return undefined;
}

export function listDocuments(filter: DocumentFilter, after: string | null, first = DOCUMENTS_PAGE_SIZE): Promise<Page<DocumentRow>> {
  const early = pending ?? takeEarlyDocuments(filter);
  pending = null;
  if (early && after === null && first === DOCUMENTS_PAGE_SIZE && early.key === JSON.stringify(filter)) {
    return (early.page as Promise<Page<DocumentRow>>).catch(() => fetchDocuments(filter, after, first));
  }
  return fetchDocuments(filter, after, first);
}

/**
 * Every status change of the account's documents in the session's environment (of one emitter when
 * given). `onListening`: the subscription (re)started listening; reload what is on screen (gqlSubscribe).
 */
export function watchDocumentStatus(filter: { id?: string; emitterId?: string }, onChange: (d: DocumentRow) => void, onListening: () => void): () => void {
  return gqlSubscribe<{ documentStatusChanged: DocumentRow }>(
    `subscription PanelDocumentStatus($id: ID, $emitterId: ID) { documentStatusChanged(id: $id, emitterId: $emitterId) { ${ROW_FIELDS} } }`,
    { id: filter.id ?? null, emitterId: filter.emitterId ?? null },
    (data) => onChange(data.documentStatusChanged),
    onListening,
  );
}

/** One line of a document as issued (the signed JSON's). */
export interface DocumentItem {
  number: number;
  type: string | null;
  code: string | null;
  description: string | null;
  quantity: string | null;
  unitCode: string | null;
  unitPrice: string | null;
  discount: string | null;
  tax: string | null;
  total: string;
}

export interface DocumentPayment {
  condition: string | null;
  methods: { code: string; amount: string; reference: string | null; term: string | null; period: number | null }[];
}

export interface DocumentDetail extends DocumentRow {
  environment: string;
  establishment: string;
  pointOfSale: string;
  externalId: string | null;
  receptionStamp: string | null;
  processedAt: string | null;
  voidedAt: string | null;
  createdAt: string | null;
  publicUrl: string | null;
  pdfUrl: string | null;
  jsonUrl: string | null;
  replacesDocumentId: string | null;
  replacedByDocumentId: string | null;
  invalidationWindow: { lastDay: string; endsAt: string; rule: string; open: boolean } | null;
  receiver: { name: string | null; documentNumber: string | null; documentType: string | null; email: string | null; nrc: string | null } | null;
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null;
  warnings: { code: string; message: string }[];
  events: { type: string; at: string; message: string }[];
  relatedDocuments: { id: string | null; type: string; generationCode: string }[];
  void: { status: string; reasonType: string; reason: string | null; receptionStamp: string | null; replacementDocumentId: string | null } | null;
  items: DocumentItem[];
  payment: DocumentPayment | null;
}

const DETAIL_FIELDS = `${ROW_FIELDS} environment establishment pointOfSale externalId receptionStamp processedAt voidedAt createdAt publicUrl pdfUrl jsonUrl
  replacesDocumentId replacedByDocumentId invalidationWindow { lastDay endsAt rule open }
  receiver { name documentNumber documentType email nrc } totals { subtotal iva total totalInWords }
  mhResponse { code message observations } warnings { code message } events { type at message }
  relatedDocuments { id type generationCode } void { status reasonType reason receptionStamp replacementDocumentId }
  items { number type code description quantity unitCode unitPrice discount tax total }
  payment { condition methods { code amount reference term period } }`;

export async function getDocument(id: string): Promise<DocumentDetail | null> {
  const r = await gqlQuery<{ document: DocumentDetail | null }>(`query PanelDocument($id: ID!) { document(id: $id) { ${DETAIL_FIELDS} } }`, { id });
  return r.document;
}

/** Every change of one document; `onListening` as in watchDocumentStatus. */
export function watchDocument(id: string, onChange: (d: DocumentDetail) => void, onListening: () => void): () => void {
  return gqlSubscribe<{ documentStatusChanged: DocumentDetail }>(
    `subscription PanelDocumentLive($id: ID) { documentStatusChanged(id: $id) { ${DETAIL_FIELDS} } }`,
    { id },
    (data) => onChange(data.documentStatusChanged),
    onListening,
  );
}

export async function sendDocumentEmail(id: string, to: string[], key: string): Promise<void> {
  await gqlMutate<{ errors: UserError[] }>(
    'mutation PanelSendDocument($id: ID!, $input: SendDocumentInput) { sendDocument(id: $id, input: $input) { email { id status to } errors { field code message } } }',
    { id, input: to.length ? { to } : null },
    key,
  );
}

export async function retryDocument(id: string, key: string): Promise<{ id: string; replaced: boolean }> {
  const p = await gqlMutate<{ document: { id: string } | null; replaced: boolean | null; errors: UserError[] }>(
    'mutation PanelRetryDocument($id: ID!) { retryDocument(id: $id, mode: ASYNC) { document { id status } replaced errors { field code message } } }',
    { id },
    key,
  );
  return { id: p.document?.id ?? id, replaced: Boolean(p.replaced) };
}

export interface InvalidationInput {
  reasonType: string;
  reason?: string;
  replacementDocumentId?: string;
  responsible: { name: string; documentType: string; documentNumber: string };
  requester: { name: string; documentType: string; documentNumber: string };
}

export async function invalidateDocument(id: string, input: InvalidationInput, key: string): Promise<string | null> {
  const p = await gqlMutate<{ outcome: string | null; errors: UserError[] }>(
    'mutation PanelInvalidate($id: ID!, $input: InvalidateDocumentInput!) { invalidateDocument(id: $id, input: $input) { outcome document { id status } errors { field code message } } }',
    { id, input },
    key,
  );
  return p.outcome;
}

export interface IssueInput {
  emitterId: string;
  type: string;
  establishment: string;
  pointOfSale: string;
  payment?: Record<string, unknown>;
  sendEmail?: boolean;
  /** The type's own parts (receiver, items, relatedDocuments, withholdings…): lib/issue-draft.ts. */
  [part: string]: unknown;
}

export interface DryRun {
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  json: { cuerpoDocumento?: { numItem: number; ventaGravada?: number | string; ventaExenta?: number | string; ventaNoSuj?: number | string; ivaItem?: number | string }[] } | null;
  warnings: { code: string; message: string }[];
}

/** The document as it would be sent, with its totals; nothing is stored or spent. */
export async function dryRunDocument(input: IssueInput): Promise<DryRun> {
  const p = await gqlMutate<{ document: DryRun; errors: UserError[] }>(
    'mutation PanelDryRun($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { totals { subtotal iva total totalInWords } json warnings { code message } } errors { field code message } } }',
    { input },
    null,
  );
  return p.document;
}

/** Issues the document; MH's answer arrives later (the detail screen follows it live). */
export async function issueDocument(input: IssueInput, key: string): Promise<{ id: string; status: string }> {
  const p = await gqlMutate<{ document: { id: string; status: string }; errors: UserError[] }>(
    'mutation PanelIssue($input: DocumentCreateInput!) { issueDocument(input: $input, mode: ASYNC) { document { id status } errors { field code message } } }',
    { input },
    key,
  );
  return p.document;
}

/** A document as issued, with its signed JSON (MH's «archivo DTE»): what «Duplicar» and the notes prefill from. */
export async function getDocumentSource(id: string): Promise<{ id: string; type: string; generationCode: string | null; issuedAt: string; json: Record<string, unknown> | null } | null> {
  const r = await gqlQuery<{ document: { id: string; type: string; generationCode: string | null; issuedAt: string } | null }>('query PanelDocumentSource($id: ID!) { document(id: $id) { id type generationCode issuedAt } }', { id });
  if (!r.document) return null;
  const json = await api<Record<string, unknown>>('GET', `/v1/documents/${encodeURIComponent(id)}/json`).catch(() => null);
  return { ...r.document, json };
}
