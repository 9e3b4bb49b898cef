import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions } from './end-user-sessions';

/** Ends a panel session at once: the row is deleted (the cookie opens nothing any more) and its WebSockets close. */
export class LogOutService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(sessionId: string): Promise<void> {
    const rows = await sql<{ id: string }>(this.deps.orm.em.fork(), 'delete from panel_sessions where id = ? returning id', [sessionId]);
    await announceEndedSessions(this.deps, rows.map((r) => r.id), 'logout');
  }
}
