import { ROLES } from '../../domain/identity/roles';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { ApiKeyEntity } from '../../persistence/entities';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { toApiKeyView, type ApiKeyView } from './api-key-view';

/** The API keys of the session's account and environment, revoked ones included, newest first (any role; session only). */
export class ListAccountApiKeysService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<ApiKeyView>> {
    requirePanelUser(actor, ROLES, 'ver las llaves de API');
    const rows = await this.deps.orm.em.fork().find(
      ApiKeyEntity,
      { account: actor.accountId, environment: actor.environment, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    return toPage(rows.map(toApiKeyView), page.limit);
  }
}
