import { DomainError } from '../../domain/shared/domain-error';
import { ApiKeyEntity } from '../../persistence/entities';
import type { AuditSubject } from '../audit/audit-trail';
import { revokeKeyInTx } from './api-key-revocation';
import type { ServiceDeps } from '../shared/service-deps';
import type { ApiKeyCache } from './api-key-cache';

/**
 * Revokes a key at once (the CLI); revoking twice keeps the first revocation time. With `audit`,
 * the revocation is recorded as `api_key.revoked` in the same transaction (a repeat records nothing).
 */
export class RevokeApiKeyService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: ApiKeyCache | null = null,
  ) {}

  async execute(input: { keyId: string; audit?: AuditSubject }): Promise<{ id: string; revokedAt: Date }> {
    const r = await this.deps.orm.em.fork().transactional(async (tx) => {
      const key = await tx.findOne(ApiKeyEntity, { id: input.keyId });
      if (!key) throw DomainError.notFound('una llave', 'key');
      if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
      const at = this.deps.clock.now();
      await revokeKeyInTx(tx, key, at, input.audit);
      return { id: key.id, revokedAt: at };
    });
    // Other processes drop it on the trigger's notice; this one at once.
    this.cache?.forget(r.id);
    return r;
  }
}
