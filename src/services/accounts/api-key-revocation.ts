import type { EntityManager } from '@mikro-orm/core';
import type { ApiKeyEntity } from '../../persistence/entities';
import { recordAudit, type AuditSubject } from '../audit/audit-trail';

/**
 * Revokes a key that is not revoked yet, in the caller's transaction, and records `api_key.revoked`
 * for `audit` (the CLI without a subject records nothing). `reason` is said in the audit line.
 */
export async function revokeKeyInTx(tx: EntityManager, key: ApiKeyEntity, at: Date, audit: AuditSubject | undefined, reason?: string): Promise<void> {
  key.revokedAt = at;
  await tx.flush();
  if (!audit) return;
  await recordAudit(tx, at, audit, {
    accountId: key.account.id,
    action: 'api_key.revoked',
    target: { type: 'api_key', id: key.id },
    details: { name: key.description, environment: key.environment, prefix: key.displayPrefix, ...(reason ? { reason } : {}) },
  });
}
