import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newSequentialId } from '../../domain/shared/ids';
import { preparedSql } from '../shared/sql';
import type { DocumentEventType } from './document-events';

/** A new document as stored at issuance (the columns not named here keep their defaults: no seal yet). */
export interface NewDocumentRow {
  id: string;
  account_id: string;
  emitter_id: string;
  environment: string;
  type: string;
  status: string;
  external_id: string | null;
  generation_code: string;
  control_number: string;
  establishment_code: string;
  point_of_sale_code: string;
  issued_at: Date;
  issue_date: string;
  model_type: number;
  contingency_type: number | null;
  contingency_reason: string | null;
  subtotal: string;
  iva: string;
  total: string;
  total_in_words: string;
  receiver_name: string | null;
  receiver_document_type: string | null;
  receiver_document_number: string | null;
  receiver_nrc: string | null;
  receiver_email: string | null;
  related_documents: unknown[];
  warnings: unknown[];
  request: Record<string, unknown>;
  dte_json: string;
  jws: string;
  signed_at: Date;
  contingency_episode_id: string | null;
  /** Set when the issuing request transmits at once: the row is born claimed (`sending`, first send counted). */
  transmit_lease_until: Date | null;
  transmission_attempts: number;
  first_transmitted_at: Date | null;
  operation_type: number;
  send_email: boolean;
  fiscal_tags: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface NewDocumentEvent {
  id: string;
  document_id: string;
  type: DocumentEventType;
  at: Date;
  message: string;
  data: Record<string, unknown> | null;
}

export function newDocumentEvent(documentId: string, type: DocumentEventType, message: string, at: Date): NewDocumentEvent {
  return { id: newSequentialId(IdPrefix.documentEvent, at.getTime()), document_id: documentId, type, at, message, data: null };
}

const DOCUMENT_COLUMNS: readonly (keyof NewDocumentRow)[] = [
  'id', 'account_id', 'emitter_id', 'environment', 'type', 'status', 'external_id', 'generation_code', 'control_number',
  'establishment_code', 'point_of_sale_code', 'issued_at', 'issue_date', 'model_type', 'contingency_type', 'contingency_reason',
  'subtotal', 'iva', 'total', 'total_in_words', 'receiver_name', 'receiver_document_type', 'receiver_document_number', 'receiver_nrc',
  'receiver_email', 'related_documents', 'warnings', 'request', 'dte_json', 'jws', 'signed_at', 'contingency_episode_id',
  'transmit_lease_until', 'transmission_attempts', 'first_transmitted_at', 'operation_type', 'send_email', 'fiscal_tags', 'created_at', 'updated_at',
];

/**
 * Stores issued documents, their first `events[]` lines and the points of sale's document counts in
 * one statement inside the caller's transaction, whatever the number of documents: each set travels
 * as one JSON parameter and PostgreSQL expands it with the tables' own row types.
 */
export async function insertDocuments(tx: EntityManager, docs: NewDocumentRow[], events: NewDocumentEvent[], pointOfSaleIds: string[]): Promise<void> {
  const cols = DOCUMENT_COLUMNS.join(', ');
  const counts = new Map<string, number>();
  for (const p of pointOfSaleIds) counts.set(p, (counts.get(p) ?? 0) + 1);
  await preparedSql(
    tx,
    `with docs as (insert into documents (${cols}) select ${cols} from jsonb_populate_recordset(null::documents, ?::jsonb) returning id),
          evs as (insert into document_events (id, document_id, type, at, message, data)
                  select id, document_id, type, at, message, data from jsonb_populate_recordset(null::document_events, ?::jsonb)),
          pos as (update points_of_sale p set documents_count = p.documents_count + c.n
                    from jsonb_to_recordset(?::jsonb) as c(id text, n int) where p.id = c.id)
     select count(*)::int as n from docs`,
    [JSON.stringify(docs), JSON.stringify(events), JSON.stringify([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => ({ id, n })))],
  );
}
