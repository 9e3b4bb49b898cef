import { LOGIN_THROTTLE } from '../../domain/identity/login-throttle';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions } from './end-user-sessions';

/** Removes expired panel sessions (their open sockets close, in every process) and login failures older than the longest throttling window. */
export class CleanupPanelSessionsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<{ sessions: number; failures: number }> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const sessions = await sql<{ id: string }>(em, 'delete from panel_sessions where expires_at <= ? or absolute_expires_at <= ? returning id', [now, now]);
    await announceEndedSessions(this.deps, sessions.map((s) => s.id), 'expired');
    const failures = await sql<{ id: string }>(em, 'delete from login_failures where failed_at <= ? returning id', [new Date(now.getTime() - LOGIN_THROTTLE.ipWindowMs)]);
    return { sessions: sessions.length, failures: failures.length };
  }
}
