import type { EntityManager } from '@mikro-orm/core';
import { DocumentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadEvents } from './document-events';
import { documentView, type DocumentView } from './document-view';

/** A document of the caller's account and environment (another's is invisible: null). */
export async function loadOwnDocument(em: EntityManager, actor: Actor, id: string): Promise<DocumentEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  return em.findOne(DocumentEntity, { id, accountId: actor.accountId, environment: actor.environment }, { populate: ['emitter'] });
}

export class GetDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<DocumentView | null> {
    const em = this.deps.orm.em.fork();
    const d = await loadOwnDocument(em, actor, id);
    if (!d) return null;
    return documentView(d, await loadEvents(em, d.id), this.deps.baseUrl(), d.emitter.name);
  }
}
