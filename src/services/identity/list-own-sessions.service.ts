import { deviceLabel } from '../../domain/identity/device-label';
import { ROLES } from '../../domain/identity/roles';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { requirePanelUser } from './panel-access';

export interface OwnSessionView {
  id: string;
  /** The session this request comes through. */
  current: boolean;
  device: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** «Sesiones activas»: the logged-in user's sessions that still hold, the current one first, then the most recently seen. */
export class ListOwnSessionsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor): Promise<OwnSessionView[]> {
    const me = requirePanelUser(actor, ROLES, 'ver sus sesiones');
    const now = this.deps.clock.now();
    const rows = await sql<{ id: string; ip: string | null; user_agent: string | null; created_at: Date; last_seen_at: Date; expires_at: Date }>(
      this.deps.orm.em.fork(),
      'select id, ip, user_agent, created_at, last_seen_at, expires_at from panel_sessions where user_id = ? and expires_at > ? and absolute_expires_at > ? order by last_seen_at desc, id desc limit 100',
      [me.id, now, now],
    );
    const views = rows.map((r) => ({
      id: r.id,
      current: r.id === actor.keyId,
      device: deviceLabel(r.user_agent),
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: new Date(r.created_at),
      lastSeenAt: new Date(r.last_seen_at),
      expiresAt: new Date(r.expires_at),
    }));
    return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
  }
}
