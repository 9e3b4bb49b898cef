import { DomainError } from '../../domain/shared/domain-error';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { DTE_EVENT_COLUMNS, dteEventViewFromRow, type DteEventRow, type DteEventView } from './dte-event-view';
import { readDteEvent } from './issue-dte-event';

export interface DteEventPage {
  nodes: DteEventView[];
  hasMore: boolean;
}

/** The returns of one document, or the special-operations events of one issuer: newest first, cursor by id. */
export class ListDteEventsService {
  constructor(private readonly deps: ServiceDeps) {}

  async byDocument(actor: Actor, documentId: string, page: { first: number; after?: string | null }): Promise<DteEventPage> {
    const id = await this.deps.documents.ownId({ accountId: actor.accountId, environment: actor.environment }, documentId);
    if (!id) throw DomainError.notFound('un documento');
    return this.page('document_id = ? and kind = ?', [id, 'return'], actor, page);
  }

  async byEmitter(actor: Actor, emitterId: string, page: { first: number; after?: string | null }): Promise<DteEventPage> {
    const emitter = await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId);
    return this.page('emitter_id = ? and kind = ?', [emitter.id, 'special_operation'], actor, page);
  }

  async get(actor: Actor, id: string): Promise<DteEventView | null> {
    return readDteEvent(this.deps, actor, id);
  }

  private async page(where: string, params: unknown[], actor: Actor, page: { first: number; after?: string | null }): Promise<DteEventPage> {
    const after = page.after ? 'and id < ?' : '';
    const rows = await sql<DteEventRow>(
      this.deps.orm.em.fork(),
      `select ${DTE_EVENT_COLUMNS} from dte_events where ${where} and account_id = ? and environment = ? ${after} order by id desc limit ?`,
      [...params, actor.accountId, actor.environment, ...(page.after ? [page.after] : []), page.first + 1],
    );
    return { nodes: rows.slice(0, page.first).map(dteEventViewFromRow), hasMore: rows.length > page.first };
  }
}
