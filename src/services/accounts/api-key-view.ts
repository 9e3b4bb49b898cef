import type { ApiKeyEntity } from '../../persistence/entities';

/** An API key as the panel sees it: never the key itself (shown once, at creation) nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string | null;
  environment: string;
  /** The key's first 12 characters (`sk_test_4fZq`), safe to show. */
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdByUserId: string | null;
  /** Limits (null = none): the only emitters, document types and client addresses, and the expiry. */
  emitterIds: string[] | null;
  documentTypes: string[] | null;
  allowedIps: string[] | null;
  expiresAt: Date | null;
}

export function apiKeyView(k: ApiKeyEntity): ApiKeyView {
  return {
    id: k.id,
    name: k.description,
    environment: k.environment,
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
