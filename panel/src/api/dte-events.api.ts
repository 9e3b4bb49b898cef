/** GraphQL operations of the 2026 events from the panel: a document's returns, an issuer's special operations. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';

export interface EventMhResponse {
  code: string | null;
  message: string | null;
  observations: string[];
}

export interface DocumentReturn {
  id: string;
  status: 'PENDING' | 'SEALED' | 'REJECTED';
  eventDate: string;
  externalId: string | null;
  generationCode: string;
  receptionStamp: string | null;
  createdAt: string;
  lines: { numItem: number; quantity: string; description: string | null }[];
  totals: { total: string };
  mhResponse: EventMhResponse | null;
}

const RETURN_FIELDS = 'id status eventDate externalId generationCode receptionStamp createdAt lines { numItem quantity description } totals { total } mhResponse { code message observations }';

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
  status: 'PENDING' | 'SEALED' | 'REJECTED';
  eventDate: string;
  externalId: string | null;
  generationCode: string;
  receptionStamp: string | null;
  createdAt: string;
  lines: { documentType: string; description: string; quantity: number; rangeFrom: string | null; rangeTo: string | null; documentNumber: string | null; gravada: string | null; exenta: string | null; noSujeta: string | null }[];
  totals: { total: string };
  mhResponse: EventMhResponse | null;
}

const OPERATION_FIELDS = 'id status eventDate externalId generationCode receptionStamp createdAt lines { documentType description quantity rangeFrom rangeTo documentNumber gravada exenta noSujeta } totals { total } mhResponse { code message observations }';

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
