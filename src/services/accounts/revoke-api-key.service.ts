import { DomainError } from '../../domain/shared/domain-error';
import { ApiKeyEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import type { ApiKeyCache } from './api-key-cache';

/** Revokes a key at once; revoking twice keeps the first revocation time. */
export class RevokeApiKeyService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: ApiKeyCache | null = null,
  ) {}

  async execute(input: { keyId: string }): Promise<{ id: string; revokedAt: Date }> {
    const em = this.deps.orm.em.fork();
    const key = await em.findOne(ApiKeyEntity, { id: input.keyId });
    if (!key) throw DomainError.notFound('una llave', 'key');
    if (!key.revokedAt) {
      key.revokedAt = this.deps.clock.now();
      await em.flush();
      // Other processes drop it on the trigger's notice; this one at once.
      this.cache?.forget(key.id);
    }
    return { id: key.id, revokedAt: key.revokedAt };
  }
}
