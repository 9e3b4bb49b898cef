/** GraphQL operations of the 2026 events from the panel: a document's returns, an issuer's special operations. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';

export interface EventMhResponse {
  code: string | null;
  message: string | null;
  observations: string[];
}

/** An event's latest invalidation (null if none was asked). */
export interface EventVoid {
  status: 'pending' | 'sealed' | 'rejected';
  reasonType: string;
  reason: string | null;
  mhResponse: EventMhResponse | null;
}

export interface DocumentReturn {
  id: string;
  status: 'PENDING' | 'SEALED' | 'REJECTED' | 'VOIDED';
  void: EventVoid | null;
  eventDate: string;
  externalId: string | null;
  generationCode: string;
  receptionStamp: string | null;
  createdAt: string;
  lines: { numItem: number; quantity: string; description: string | null }[];
  totals: { total: string };
  mhResponse: EventMhResponse | null;
}

const RETURN_FIELDS = 'id status eventDate externalId generationCode receptionStamp createdAt lines { numItem quantity description } totals { total } mhResponse { code message observations } void { status reasonType reason mhResponse { code message observations } }';

export async function listDocumentReturns(documentId: string): Promise<DocumentReturn[]> {
  const r = await gqlQuery<{ documentReturns: { nodes: DocumentReturn[] } }>(`query PanelDocumentReturns($documentId: ID!) { documentReturns(documentId: $documentId, first: 100) { nodes { ${RETURN_FIELDS} } } }`, { documentId });
  return r.documentReturns.nodes;
}

export async function createDocumentReturn(documentId: string, input: { externalId?: string; lines: { numItem: number; quantity: string }[] }, key: string): Promise<DocumentReturn> {
  const p = await gqlMutate<{ documentReturn: DocumentReturn; errors: UserError[] }>(
    `mutation PanelCreateReturn($documentId: ID!, $input: DocumentReturnInput!) { createDocumentReturn(documentId: $documentId, input: $input) { documentReturn { ${RETURN_FIELDS} } errors { field code message } } }`,
    { documentId, input },
    key,
  );
  return p.documentReturn;
}

export interface SpecialOperation {
  id: string;
  status: 'PENDING' | 'SEALED' | 'REJECTED' | 'VOIDED';
  void: EventVoid | null;
  eventDate: string;
  externalId: string | null;
  generationCode: string;
  receptionStamp: string | null;
  createdAt: string;
  lines: { documentType: string; description: string; quantity: number; rangeFrom: string | null; rangeTo: string | null; documentNumber: string | null; gravada: string | null; exenta: string | null; noSujeta: string | null }[];
  totals: { total: string };
  mhResponse: EventMhResponse | null;
}

const OPERATION_FIELDS = 'id status eventDate externalId generationCode receptionStamp createdAt lines { documentType description quantity rangeFrom rangeTo documentNumber gravada exenta noSujeta } totals { total } mhResponse { code message observations } void { status reasonType reason mhResponse { code message observations } }';

export async function listSpecialOperations(emitterId: string): Promise<SpecialOperation[]> {
  const r = await gqlQuery<{ specialOperations: { nodes: SpecialOperation[] } }>(`query PanelSpecialOperations($emitterId: ID!) { specialOperations(emitterId: $emitterId, first: 50) { nodes { ${OPERATION_FIELDS} } } }`, { emitterId });
  return r.specialOperations.nodes;
}

export interface SpecialOperationLineInput {
  documentType: string;
  description: string;
  quantity: number;
  rangeFrom?: string;
  rangeTo?: string;
  documentNumber?: string;
  gravada?: string;
  exenta?: string;
  noSujeta?: string;
}

export async function createSpecialOperation(emitterId: string, input: { lines: SpecialOperationLineInput[] }, key: string): Promise<SpecialOperation> {
  const p = await gqlMutate<{ specialOperation: SpecialOperation; errors: UserError[] }>(
    `mutation PanelCreateSpecialOperation($emitterId: ID!, $input: SpecialOperationInput!) { createSpecialOperation(emitterId: $emitterId, input: $input) { specialOperation { ${OPERATION_FIELDS} } errors { field code message } } }`,
    { emitterId, input },
    key,
  );
  return p.specialOperation;
}

/** The invalidation of a sealed event: no replacement (MH's rule for events). */
export interface EventInvalidationInput {
  reasonType: string;
  reason?: string;
  responsible: { name: string; documentType: string; documentNumber: string };
  requester: { name: string; documentType: string; documentNumber: string };
}

/** «Anular devolución»: invalidateDocumentReturn; its outcome (sealed, pending, already) and the return as left. */
export async function invalidateDocumentReturn(documentId: string, returnId: string, input: EventInvalidationInput, key: string): Promise<{ outcome: string | null; documentReturn: DocumentReturn }> {
  return gqlMutate<{ outcome: string | null; documentReturn: DocumentReturn; errors: UserError[] }>(
    `mutation PanelInvalidateReturn($documentId: ID!, $returnId: ID!, $input: InvalidateDteEventInput!) { invalidateDocumentReturn(documentId: $documentId, returnId: $returnId, input: $input) { outcome documentReturn { ${RETURN_FIELDS} } errors { field code message } } }`,
    { documentId, returnId, input },
    key,
  );
}

/** «Anular» a special-operations event: invalidateSpecialOperation. */
export async function invalidateSpecialOperation(emitterId: string, eventId: string, input: EventInvalidationInput, key: string): Promise<{ outcome: string | null; specialOperation: SpecialOperation }> {
  return gqlMutate<{ outcome: string | null; specialOperation: SpecialOperation; errors: UserError[] }>(
    `mutation PanelInvalidateSpecialOperation($emitterId: ID!, $eventId: ID!, $input: InvalidateDteEventInput!) { invalidateSpecialOperation(emitterId: $emitterId, eventId: $eventId, input: $input) { outcome specialOperation { ${OPERATION_FIELDS} } errors { field code message } } }`,
    { emitterId, eventId, input },
    key,
  );
}
