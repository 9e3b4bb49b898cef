import { LockMode } from '@mikro-orm/core';
import { scopesOfRole } from '../../domain/identity/roles';
import { hasScope, type Scope } from '../../domain/identity/scopes';
import { DomainError } from '../../domain/shared/domain-error';
import { ApiKeyEntity } from '../../persistence/entities';
import { revokeKeyInTx } from './api-key-revocation';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor, ActorUser } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import type { ApiKeyCache } from './api-key-cache';

/**
 * A panel user revokes an API key of the account in the session's environment (owner, or a member
 * for keys whose scopes a member could grant). It stops working at once; revoking again answers
 * the key as it is and records nothing new. Another account's key is 404.
 */
export class RevokeAccountApiKeyService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: ApiKeyCache | null = null,
  ) {}

  async execute(actor: Actor, id: string): Promise<ApiKeyView> {
    const user = requirePanelUser(actor, ['owner', 'member'], 'revocar llaves de API');
    const view = await this.revoke(actor, user, id);
    // Other processes drop it on the trigger's notice; this one at once.
    this.cache?.forget(view.id);
    return view;
  }

  private revoke(actor: Actor, user: ActorUser, id: string): Promise<ApiKeyView> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const key = await tx.findOne(ApiKeyEntity, { id, account: actor.accountId, environment: actor.environment }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!key) throw DomainError.notFound('una llave de API en este ambiente');
      if (key.revokedAt) return toApiKeyView(key);
      const allowed = scopesOfRole(user.role);
      if (!key.scopes.every((s) => hasScope(allowed, s as Scope))) {
        throw new DomainError('insufficient_role', 'Esta llave tiene permisos que su rol no tiene: solo un propietario puede revocarla.');
      }
      await revokeKeyInTx(tx, key, this.deps.clock.now(), { actor });
      return toApiKeyView(key);
    });
  }
}
