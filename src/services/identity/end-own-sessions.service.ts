import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { requirePanelUser } from './panel-access';

/**
 * «Cerrar esta sesión» (one of the user's own sessions, by id; another user's or an unknown id is 404)
 * and «Cerrar las demás» (every session of the user but the current one). The sessions end at once,
 * their WebSockets close in every process, and it is audited.
 */
export class EndOwnSessionsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, which: { sessionId: string } | 'others'): Promise<{ ended: number }> {
    const me = requirePanelUser(actor, ROLES, 'cerrar sus sesiones');
    const now = this.deps.clock.now();
    const ended = await this.deps.orm.em.fork().transactional(async (tx) => {
      const ids =
        which === 'others'
          ? await deleteUserSessions(tx, me.id, actor.keyId)
          : (await sql<{ id: string }>(tx, 'delete from panel_sessions where id = ? and user_id = ? returning id', [which.sessionId, me.id])).map((r) => r.id);
      if (which !== 'others' && !ids.length) throw DomainError.notFound('una sesión', 'id');
      await recordAudit(tx, now, { actor }, {
        accountId: actor.accountId,
        action: 'session.ended',
        target: which === 'others' ? { type: 'user', id: me.id } : { type: 'session', id: ids[0] },
        details: { sessions_ended: ids.length, ...(which === 'others' ? { others: true } : { current: ids[0] === actor.keyId }) },
      });
      return ids;
    });
    await announceEndedSessions(this.deps, ended, 'ended_by_user');
    return { ended: ended.length };
  }
}
