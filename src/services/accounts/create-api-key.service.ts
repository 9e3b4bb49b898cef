import type { EntityManager } from '@mikro-orm/core';
import { displayPrefix, generateApiKey, hashApiKey, type Environment } from '../../domain/identity/api-key-format';
import type { ApiKeyLimits } from '../../domain/identity/api-key-limits';
import { DEFAULT_SCOPES, type Scope } from '../../domain/identity/scopes';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { AccountEntity, ApiKeyEntity } from '../../persistence/entities';
import { recordAudit, type AuditSubject } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';

export interface CreatedApiKey {
  id: string;
  /** The key itself: shown once, stored only as a hash. */
  key: string;
  environment: Environment;
  scopes: Scope[];
  entity: ApiKeyEntity;
}

export interface CreateApiKeyInput {
  accountId: string;
  environment: Environment;
  scopes?: Scope[];
  description?: string | null;
  /** The panel user who created it (null from the CLI). */
  createdByUserId?: string | null;
  /** What the key is for (null fields: no limit); checked by the caller. */
  limits?: ApiKeyLimits;
  /** Records `api_key.created` with the key (the CLI); the panel's service records its own entry. */
  audit?: AuditSubject;
}

export class CreateApiKeyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: CreateApiKeyInput): Promise<CreatedApiKey> {
    return this.deps.orm.em.fork().transactional((tx) => this.executeIn(tx, input));
  }

  /** Same, inside a transaction the caller owns. */
  async executeIn(em: EntityManager, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    if (input.environment !== '00' && input.environment !== '01') {
      throw DomainError.field('invalid_value', 'environment', 'El ambiente es "00" (pruebas) o "01" (producción).');
    }
    const account = await em.findOne(AccountEntity, { id: input.accountId });
    if (!account) throw DomainError.notFound('una cuenta', 'account');
    const scopes = input.scopes && input.scopes.length ? [...new Set(input.scopes)] : [...DEFAULT_SCOPES];
    const key = generateApiKey(input.environment);
    const now = this.deps.clock.now();
    const entity = em.create(ApiKeyEntity, {
      id: newId(IdPrefix.apiKey, now.getTime()),
      account,
      environment: input.environment,
      keyHash: hashApiKey(key),
      displayPrefix: displayPrefix(key),
      scopes,
      description: input.description ?? null,
      createdAt: now,
      revokedAt: null,
      createdByUserId: input.createdByUserId ?? null,
      emitterIds: input.limits?.emitterIds ?? null,
      documentTypes: input.limits?.documentTypes ?? null,
      allowedIps: input.limits?.allowedIps ?? null,
      expiresAt: input.limits?.expiresAt ?? null,
    });
    await em.flush();
    if (input.audit) {
      await recordAudit(em, now, input.audit, {
        accountId: account.id,
        action: 'api_key.created',
        target: { type: 'api_key', id: entity.id },
        details: { name: entity.description, environment: input.environment, scopes, prefix: entity.displayPrefix },
      });
    }
    return { id: entity.id, key, environment: input.environment, scopes, entity };
  }
}
