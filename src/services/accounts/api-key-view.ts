import type { ApiKeyView } from '../../domain/identity/api-key-view';
import type { ApiKeyEntity } from '../../persistence/entities';

export type { ApiKeyView } from '../../domain/identity/api-key-view';

/** The one mapping from a stored key to its view (src/domain/identity/api-key-view.ts), which both doors show. */
export function toApiKeyView(k: ApiKeyEntity): ApiKeyView {
  return {
    id: k.id,
    name: k.description,
    environment: k.environment as ApiKeyView['environment'],
    prefix: k.displayPrefix,
    scopes: [...k.scopes],
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
    createdByUserId: k.createdByUserId,
    emitterIds: k.emitterIds ? [...k.emitterIds] : null,
    documentTypes: k.documentTypes ? [...k.documentTypes] : null,
    allowedIps: k.allowedIps ? [...k.allowedIps] : null,
    expiresAt: k.expiresAt,
  };
}
