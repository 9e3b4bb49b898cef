import type { EntityManager } from '@mikro-orm/core';
import { DocumentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import { LIST_COLUMNS, documentViewFromRow, type DocumentListRow, type DocumentView } from './document-view';

/** A document of the caller's account and environment (another's is invisible: null). */
export async function loadOwnDocument(em: EntityManager, actor: Actor, id: string): Promise<DocumentEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  return em.findOne(DocumentEntity, { id, accountId: actor.accountId, environment: actor.environment }, { populate: ['emitter'] });
}

export class GetDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  /** One round trip: the row, its emitter's name and its `events[]` in order. */
  async execute(actor: Actor, id: string): Promise<DocumentView | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const [row] = await preparedSql<DocumentListRow & { events: { type: string; at: string; message: string }[] }>(
      this.deps.orm.em.fork(),
      `select ${LIST_COLUMNS},
              coalesce((select jsonb_agg(jsonb_build_object('type', ev.type, 'at', ev.at, 'message', ev.message) order by ev.at, ev.id)
                          from document_events ev where ev.document_id = d.id), '[]'::jsonb) as events
         from documents d join emitters e on e.id = d.emitter_id
        where d.id = ? and d.account_id = ? and d.environment = ?`,
      [id, actor.accountId, actor.environment],
    );
    if (!row) return null;
    return documentViewFromRow(row, row.events.map((e) => ({ type: e.type, at: new Date(e.at), message: e.message })), this.deps.baseUrl());
  }
}
