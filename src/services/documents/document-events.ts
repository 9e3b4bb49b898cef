import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { DocumentEventEntity } from '../../persistence/entities';

/** The `events[]` history types of a document. */
export type DocumentEventType =
  | 'created'
  | 'signed'
  | 'transmitted'
  | 'retry'
  | 'sealed'
  | 'rejected'
  | 'contingency'
  | 'error'
  | 'invalidation_requested'
  | 'invalidation_rejected'
  | 'voided'
  | 'email_sent'
  | 'email_failed'
  | 'corrected'
  | 'replaced';

export function appendEvent(em: EntityManager, documentId: string, type: DocumentEventType, message: string, at: Date, data: Record<string, unknown> | null = null): DocumentEventEntity {
  return em.create(DocumentEventEntity, { id: newId(IdPrefix.documentEvent, at.getTime()), documentId, type, message, at, data });
}

export async function loadEvents(em: EntityManager, documentId: string): Promise<DocumentEventEntity[]> {
  return em.find(DocumentEventEntity, { documentId }, { orderBy: { at: 'asc', id: 'asc' } });
}
