import type { EntityManager } from '@mikro-orm/core';
import type { SessionEndedEvent } from '../ports/session-events.port';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/** Deletes the sessions of a user (optionally all but one) inside the caller's transaction; returns their ids. */
export async function deleteUserSessions(tx: EntityManager, userId: string, keepSessionId: string | null = null): Promise<string[]> {
  const rows = await sql<{ id: string }>(tx, 'delete from panel_sessions where user_id = ? and id <> ? returning id', [userId, keepSessionId ?? '']);
  return rows.map((r) => r.id);
}

/** After the commit: closes the WebSockets of ended sessions (every API process). */
export async function announceEndedSessions(deps: ServiceDeps, sessionIds: string[], reason: SessionEndedEvent['reason']): Promise<void> {
  if (!sessionIds.length) return;
  await deps.sessionEvents.publish({ sessionIds, reason }).catch((err) => deps.logger.warn({ err }, 'no se pudo avisar el cierre de sesiones'));
}
