import { DomainError } from '../../domain/shared/domain-error';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { dteEventViewFromRow, type DteEventRow, type DteEventView } from './dte-event-view';
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
    return this.page(await this.deps.dteEvents.page(actor, { documentId: id, kind: 'return' }, page), page);
  }

  async byEmitter(actor: Actor, emitterId: string, page: { first: number; after?: string | null }): Promise<DteEventPage> {
    const emitter = await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId);
    return this.page(await this.deps.dteEvents.page(actor, { emitterId: emitter.id, kind: 'special_operation' }, page), page);
  }

  async get(actor: Actor, id: string): Promise<DteEventView | null> {
    return readDteEvent(this.deps, actor, id);
  }

  private page(rows: DteEventRow[], page: { first: number }): DteEventPage {
    return { nodes: rows.slice(0, page.first).map(dteEventViewFromRow), hasMore: rows.length > page.first };
  }
}
