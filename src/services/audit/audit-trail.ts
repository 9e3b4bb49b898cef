import type { EntityManager } from '@mikro-orm/core';
import type { AuditAction } from '../../domain/identity/audit-actions';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { Actor, RequestOrigin } from '../shared/actor';
import { sql } from '../shared/sql';

/**
 * Who did it: the caller of a request, nobody known yet (a failed login, an e-mailed link), or an
 * operator at the service's command line (`npm run cli`: whoever can reach the database), whose
 * origin names the operating-system user and host.
 */
export type AuditSubject =
  | { actor: Actor }
  | { anonymous: RequestOrigin; userId?: string | null; email?: string | null; /** The user proved who they are (a login with the right password). */ proven?: boolean }
  | { cli: RequestOrigin };

export interface AuditRecord {
  accountId: string;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** Never a secret: no key, password, token or certificate. */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit entry with the caller's transaction, so the entry exists exactly when the action
 * does (a refused or rolled-back action leaves none).
 */
export async function recordAudit(tx: EntityManager, at: Date, who: AuditSubject, entry: AuditRecord): Promise<void> {
  const a = 'actor' in who ? who.actor : null;
  const cli = 'cli' in who ? who.cli : null;
  const origin = a ? (a.origin ?? { ip: null, userAgent: null }) : (cli ?? (who as { anonymous: RequestOrigin }).anonymous);
  const actorType = a ? (a.scheme === 'session' ? 'user' : a.scheme) : cli ? 'cli' : (who as { proven?: boolean }).proven ? 'user' : 'anonymous';
  const userId = a ? (a.user?.id ?? null) : ((who as { userId?: string | null }).userId ?? null);
  const email = a ? (a.user?.email ?? null) : ((who as { email?: string | null }).email ?? null);
  await sql(
    tx,
    `insert into audit_entries (id, account_id, action, actor_type, actor_user_id, actor_email, actor_key_id, ip, user_agent, target_type, target_id, details, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
    [
      newId(IdPrefix.auditEntry, at.getTime()),
      entry.accountId,
      entry.action,
      actorType,
      userId,
      email,
      a?.keyId ?? null,
      origin.ip,
      origin.userAgent?.slice(0, 300) ?? null,
      entry.target?.type ?? null,
      entry.target?.id ?? null,
      JSON.stringify(entry.details ?? {}),
      at,
    ],
  );
}
