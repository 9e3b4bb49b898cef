import type { Environment } from '../../domain/identity/api-key-format';
import { isRole, scopesOfRole } from '../../domain/identity/roles';
import { SESSION_TOUCH_EVERY_MS, sessionExpiry } from '../../domain/identity/session-lifetime';
import { hashToken, isWellFormedToken } from '../../domain/identity/session-token';
import type { Actor, SessionSecondFactor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import type { SessionView } from './session-view';

export interface AuthenticatedSession {
  actor: Actor;
  session: SessionView;
}

interface Row {
  id: string;
  account_id: string;
  environment: Environment;
  csrf_token: string;
  last_seen_at: Date;
  expires_at: Date;
  absolute_expires_at: Date;
  user_id: string;
  email: string;
  role: string;
  second_factor: SessionSecondFactor;
}

/**
 * Resolves the `service_session` cookie to an actor whose scopes come from the user's role, read
 * now (a role change applies to the next request). The idle deadline rolls forward at most once a
 * minute; an idle or absolutely expired session is deleted and answers null.
 */
export class AuthenticateSessionService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(token: string): Promise<AuthenticatedSession | null> {
    if (!isWellFormedToken(token)) return null;
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const row = (
      await preparedSql<Row>(
        em,
        `select s.id, s.account_id, s.environment, s.csrf_token, s.last_seen_at, s.expires_at, s.absolute_expires_at, s.second_factor, u.id as user_id, u.email, u.role
           from panel_sessions s join users u on u.id = s.user_id where s.token_hash = ?`,
        [hashToken(token)],
      )
    )[0];
    if (!row || !isRole(row.role)) return null;
    if (new Date(row.expires_at) <= now || new Date(row.absolute_expires_at) <= now) {
      await preparedSql(em, 'delete from panel_sessions where id = ?', [row.id]);
      return null;
    }
    let expiresAt = new Date(row.expires_at);
    // A session still owing its second factor keeps its short deadline: it never slides.
    const pending = row.second_factor === 'required' || row.second_factor === 'enrolment_required';
    if (!pending && now.getTime() - new Date(row.last_seen_at).getTime() >= SESSION_TOUCH_EVERY_MS) {
      expiresAt = sessionExpiry(now, new Date(row.absolute_expires_at));
      await preparedSql(em, 'update panel_sessions set last_seen_at = ?, expires_at = ? where id = ?', [now, expiresAt, row.id]);
    }
    const user = { id: row.user_id, email: row.email, role: row.role };
    return {
      actor: { accountId: row.account_id, environment: row.environment, scopes: pending ? [] : scopesOfRole(row.role), keyId: row.id, scheme: 'session', user, secondFactor: row.second_factor },
      session: { id: row.id, user, accountId: row.account_id, environment: row.environment, csrfToken: row.csrf_token, expiresAt, secondFactor: row.second_factor },
    };
  }
}
