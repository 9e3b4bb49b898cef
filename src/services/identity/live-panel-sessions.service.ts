import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/**
 * Which of these panel sessions still hold now (the row exists, neither the idle nor the absolute
 * deadline has passed), read without touching them: a socket's periodic check must not slide the idle
 * deadline the way a request does. The graphql-ws server closes the sockets of the others.
 */
export class LivePanelSessionsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(sessionIds: readonly string[]): Promise<Set<string>> {
    if (!sessionIds.length) return new Set();
    const now = this.deps.clock.now();
    const rows = await sql<{ id: string }>(this.deps.orm.em.fork(), 'select id from panel_sessions where id = any(?) and expires_at > ? and absolute_expires_at > ?', [[...sessionIds], now, now]);
    return new Set(rows.map((r) => r.id));
  }
}
