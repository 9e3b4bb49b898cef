import type { MikroORM } from '@mikro-orm/core';
import type { DocumentMhResponse, DocumentVoidInfo } from '../../domain/documents';
import { INVALIDATION_BIRTH, INVALIDATION_MOVES, type InvalidationMoveName, type InvalidationStatus } from '../../domain/invalidations/invalidation-state-machine';
import type { DocumentStore, DocumentTx } from '../documents/document-store';
import { applyMove, type MoveTarget } from '../status-moves';
import { sql, type SqlExecutor } from '../sql';

/** A person of the event (CAT-022 document). */
export interface InvalidationPerson {
  name: string;
  documentType: string;
  documentNumber: string;
}

/** An invalidation event as the request stores it, signed. */
export interface NewInvalidation {
  id: string;
  documentId: string;
  generationCode: string;
  reasonType: string;
  reason: string | null;
  replacementDocumentId: string | null;
  responsible: InvalidationPerson;
  requester: InvalidationPerson;
  eventJson: string;
  jws: string;
}

/** The columns a move reads back: what the document's copy is made of. */
export interface InvalidationRow {
  id: string;
  document_id: string;
  generation_code: string;
  status: InvalidationStatus;
  reason_type: string;
  reason: string | null;
  replacement_document_id: string | null;
  seal: string | null;
  mh_response: DocumentMhResponse | null;
}

/** A pending event taken for a send (its attempt counted), with what the send needs. */
export type SendableInvalidation = Pick<InvalidationRow, 'id' | 'document_id' | 'generation_code' | 'reason_type' | 'reason' | 'replacement_document_id'> & { jws: string };

const ROW = 'id, document_id, generation_code, status, reason_type, reason, replacement_document_id, seal, mh_response';
const TARGET: MoveTarget = { table: 'document_invalidations', settable: ['seal', 'mh_response'], returning: ROW };

/**
 * The document's copy of its latest invalidation (`documents.void`), made from the invalidation's row
 * as its move left it: the status the document shows is the one this store wrote (ADR 0084).
 */
export function voidCopyOf(row: InvalidationRow): DocumentVoidInfo {
  const copy: DocumentVoidInfo = {
    reasonType: row.reason_type,
    reason: row.reason,
    replacementDocumentId: row.replacement_document_id,
    receptionStamp: row.seal,
    status: row.status,
  };
  if (row.mh_response) copy.mh = row.mh_response;
  return copy;
}

/**
 * The store of `document_invalidations`: the only code that writes the table, and the only writer of
 * the document's copy of it (`void`, through the document store, in the same transaction as the
 * invalidation's own change). Every status change is a move of INVALIDATION_MOVES applied in the
 * statement that changes the row (ADR 0083, ADR 0084).
 */
export class InvalidationStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly documents: DocumentStore,
  ) {}

  /** The invalidation events of these documents (any status), with their signed event, in id order: a period archive's events. */
  async ofDocuments(documentIds: readonly string[]): Promise<(InvalidationRow & { responsible: unknown; requester: unknown; event_json: string; jws: string; created_at: Date })[]> {
    if (documentIds.length === 0) return [];
    return sql(
      this.orm.em.fork(),
      `select ${ROW}, responsible, requester, event_json, jws, created_at from document_invalidations where document_id = any(?::text[]) order by id`,
      [[...documentIds]],
    );
  }

  /** The pending invalidation of the document (one is answered before another is signed), or null. */
  async pendingOf(em: SqlExecutor, documentId: string): Promise<string | null> {
    const [r] = await sql<{ id: string }>(em, 'select id from document_invalidations where document_id = ? and status = ? limit 1', [documentId, INVALIDATION_BIRTH]);
    return r?.id ?? null;
  }

  /** Stores a signed event, born `pending`, and its copy on the document with the `invalidation_requested` line, in `tx`. */
  async request(tx: DocumentTx, n: NewInvalidation, message: string, at: Date): Promise<void> {
    const [row] = await sql<InvalidationRow>(
      tx.em,
      `insert into document_invalidations (id, document_id, generation_code, reason_type, reason, replacement_document_id, responsible, requester, status,
         event_json, jws, seal, mh_response, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null, 0, ?, ?) returning ${ROW}`,
      [n.id, n.documentId, n.generationCode, n.reasonType, n.reason, n.replacementDocumentId, JSON.stringify(n.responsible), JSON.stringify(n.requester),
        INVALIDATION_BIRTH, n.eventJson, n.jws, at, at],
    );
    await this.documents.copyInvalidation(tx, n.documentId, voidCopyOf(row), { type: 'invalidation_requested', message }, at);
  }

  /** Takes a pending event for a send, counting the attempt; null when it is no longer pending. */
  async countAttempt(id: string, at: Date): Promise<SendableInvalidation | null> {
    const [row] = await sql<SendableInvalidation>(
      this.orm.em.fork(),
      `update document_invalidations set attempts = attempts + 1, updated_at = ? where id = ? and status = ?
        returning id, document_id, generation_code, jws, reason_type, reason, replacement_document_id`,
      [at, id, INVALIDATION_BIRTH],
    );
    return row ?? null;
  }

  /**
   * MH sealed the event (move `seal`): the invalidation is sealed and, in the same transaction, the
   * document is `voided` (its move `void`) carrying the copy. False when it was no longer pending.
   */
  async seal(id: string, answer: { seal: string; mh: DocumentMhResponse; processedAt: Date }, message: (row: InvalidationRow) => string, at: Date): Promise<boolean> {
    return this.documents.transaction(async (tx) => {
      const row = await this.move(tx.em, 'seal', id, { seal: answer.seal, mh_response: answer.mh }, at);
      if (!row) return false;
      await this.documents.transition(row.document_id, 'void', { set: { voided_at: answer.processedAt, void: voidCopyOf(row) }, message: message(row) }, { tx });
      return true;
    });
  }

  /**
   * MH refused the event (move `reject`): the invalidation is rejected and, in the same transaction,
   * the document (still processed) carries the copy with the `invalidation_rejected` line. False when
   * it was no longer pending.
   */
  async reject(id: string, mh: DocumentMhResponse, message: string, at: Date): Promise<boolean> {
    return this.documents.transaction(async (tx) => {
      const row = await this.move(tx.em, 'reject', id, { mh_response: mh }, at);
      if (!row) return false;
      await this.documents.copyInvalidation(tx, row.document_id, voidCopyOf(row), { type: 'invalidation_rejected', message, data: { observations: mh.observations } }, at);
      return true;
    });
  }

  /** Pending events untouched since `before` (their sender died or their retry was lost), oldest first. */
  async stale(before: Date, limit: number): Promise<string[]> {
    const rows = await sql<{ id: string }>(this.orm.em.fork(), 'select id from document_invalidations where status = ? and updated_at < ? order by updated_at limit ?', [
      INVALIDATION_BIRTH,
      before,
      limit,
    ]);
    return rows.map((r) => r.id);
  }

  private move(em: SqlExecutor, name: InvalidationMoveName, id: string, set: Partial<Pick<InvalidationRow, 'seal' | 'mh_response'>>, at: Date): Promise<InvalidationRow | null> {
    return applyMove<InvalidationRow, InvalidationStatus>(em, TARGET, name, INVALIDATION_MOVES[name], id, { set, at });
  }
}
