import type { Environment } from '../../domain/identity/api-key-format';
import { normalizeEmail } from '../../domain/identity/email-address';
import { LOGIN_THROTTLE, locksAccount, loginThrottle } from '../../domain/identity/login-throttle';
import type { Role } from '../../domain/identity/roles';
import { SESSION_ABSOLUTE_MS, sessionExpiry } from '../../domain/identity/session-lifetime';
import { generateOpaqueToken, generateSessionToken, hashToken, isWellFormedToken } from '../../domain/identity/session-token';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { verifyPassword } from '../../integrations/crypto/password-hasher';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { recordAudit } from '../audit/audit-trail';
import type { SessionView } from './session-view';
import type { SessionSecondFactor } from '../shared/actor';
import { DEMO_USER_EMAIL } from './ensure-demo-user.service';

/** How long a session that gave the right password waits for the second factor's code. */
export const SECOND_FACTOR_WAIT_MS = 5 * 60_000;
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { loginLockedEmail } from './account-emails';

export interface LogInInput {
  email: unknown;
  password: unknown;
  /** The caller's address (throttling, audit). */
  ip: string;
  userAgent: string | null;
  /** A `service_session` cookie the browser already sent: never adopted, ended if it is a live session. */
  presentedToken: string | null;
}

export type LogInResult =
  | { kind: 'ok'; token: string; session: SessionView }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterS: number };

/**
 * Panel login: throttled per e-mail + address, per address and per account whatever the address
 * (domain/identity/login-throttle.ts; the failure that locks an account tells its owner by e-mail),
 * Argon2id check (as long for an unknown e-mail as for a wrong password), then a new session with a
 * new random token — a token the browser presented is never reused.
 */
export class LogInService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: LogInInput): Promise<LogInResult> {
    const email = typeof input.email === 'string' ? normalizeEmail(input.email).slice(0, 254) : '';
    const password = typeof input.password === 'string' ? input.password.slice(0, 1024) : '';
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const throttle = await this.throttle(email, input.ip, now);
    if (!throttle.allowed) return { kind: 'throttled', retryAfterS: throttle.retryAfterS };

    const user = email
      ? (await sql<{ id: string; account_id: string; email: string; role: Role; password_hash: string | null }>(
          em,
          'select id, account_id, email, role, password_hash from users where email = ?',
          [email],
        ))[0]
      : undefined;
    const ok = (await verifyPassword(user?.password_hash ?? null, password)) && !!user;
    const origin = { ip: input.ip, userAgent: input.userAgent };
    if (!ok) {
      const notice = await em.transactional(async (tx) => {
        await sql(tx, 'insert into login_failures (email, ip, failed_at) values (?, ?, ?)', [email, input.ip, now]);
        if (!user) return null; // an unknown e-mail has no account to tell or audit
        await recordAudit(tx, now, { anonymous: origin, userId: user.id, email: user.email }, { accountId: user.account_id, action: 'session.login_failed', target: { type: 'user', id: user.id } });
        const [{ n }] = await sql<{ n: number }>(tx, 'select count(*)::int as n from login_failures where email = ? and failed_at > ?', [email, new Date(now.getTime() - LOGIN_THROTTLE.accountWindowMs)]);
        if (!locksAccount(n)) return null;
        // The failure that locks the account: audited, and its owner told (once per lock).
        await recordAudit(tx, now, { anonymous: origin, userId: user.id, email: user.email }, { accountId: user.account_id, action: 'session.login_locked', target: { type: 'user', id: user.id }, details: { failures: n } });
        return queueSecurityNotice(this.deps, tx, { accountId: user.account_id, userId: user.id, now, message: loginLockedEmail(this.deps, user.email, n, LOGIN_THROTTLE.accountWindowMs / 60_000) });
      });
      if (notice) deliverSoon(this.deps, notice);
      return { kind: 'invalid' };
    }

    const token = generateSessionToken();
    const csrfToken = generateOpaqueToken();
    const id = newId(IdPrefix.panelSession, now.getTime());
    const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    const secondFactor = await this.secondFactorOf(user.id, user.account_id, user.email);
    // A session that still owes its code lives 5 minutes; one that must enrol, the usual time.
    const expiresAt = secondFactor === 'required' ? new Date(Math.min(now.getTime() + SECOND_FACTOR_WAIT_MS, absolute.getTime())) : sessionExpiry(now, absolute);
    const environment: Environment = '00';
    await em.transactional(async (tx) => {
      if (input.presentedToken && isWellFormedToken(input.presentedToken)) {
        await sql(tx, 'delete from panel_sessions where token_hash = ?', [hashToken(input.presentedToken)]);
      }
      await sql(tx, 'delete from login_failures where email = ? and ip = ?', [email, input.ip]);
      await sql(
        tx,
        `insert into panel_sessions (id, token_hash, user_id, account_id, environment, csrf_token, created_at, last_seen_at, expires_at, absolute_expires_at, ip, user_agent, second_factor)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, hashToken(token), user.id, user.account_id, environment, csrfToken, now, now, expiresAt, absolute, input.ip, input.userAgent?.slice(0, 300) ?? null, secondFactor],
      );
      await sql(tx, 'update users set last_login_at = ? where id = ?', [now, user.id]);
      await recordAudit(tx, now, { anonymous: origin, userId: user.id, email: user.email, proven: true }, { accountId: user.account_id, action: 'session.login_succeeded', target: { type: 'session', id } });
    });
    return {
      kind: 'ok',
      token,
      session: { id, user: { id: user.id, email: user.email, role: user.role }, accountId: user.account_id, environment, csrfToken, expiresAt, secondFactor },
    };
  }

  /**
   * What the new session owes: the code when the user has TOTP on; enrolling when the account
   * requires a second factor the user lacks — except the embedded default's demo user while the
   * account has no live (01) credentials.
   */
  private async secondFactorOf(userId: string, accountId: string, email: string): Promise<SessionSecondFactor> {
    const em = this.deps.orm.em.fork();
    const [row] = await sql<{ totp_enabled_at: Date | null; second_factor_required: boolean }>(em, 'select u.totp_enabled_at, a.second_factor_required from users u join accounts a on a.id = u.account_id where u.id = ?', [userId]);
    if (row?.totp_enabled_at) return 'required';
    if (!row?.second_factor_required) return 'none';
    const demo = !this.deps.config.databaseUrl && email === DEMO_USER_EMAIL;
    if (demo) {
      const live = await sql(em, "select 1 from emitter_credentials c join emitters e on e.id = c.emitter_id where e.account_id = ? and c.environment = '01' limit 1", [accountId]);
      if (!live.length) return 'none';
    }
    return 'enrolment_required';
  }

  private async throttle(email: string, ip: string, now: Date) {
    const em = this.deps.orm.em.fork();
    const t = LOGIN_THROTTLE;
    const [pair, byIp, byAccount] = await Promise.all([
      sql<{ failed_at: Date }>(em, 'select failed_at from login_failures where email = ? and ip = ? and failed_at > ? order by failed_at desc limit ?', [email, ip, new Date(now.getTime() - t.pairWindowMs), t.pairLimit]),
      sql<{ failed_at: Date }>(em, 'select failed_at from login_failures where ip = ? and failed_at > ? order by failed_at desc limit ?', [ip, new Date(now.getTime() - t.ipWindowMs), t.ipLimit]),
      sql<{ failed_at: Date }>(em, 'select failed_at from login_failures where email = ? and failed_at > ? order by failed_at desc limit ?', [email, new Date(now.getTime() - t.accountWindowMs), t.accountLimit]),
    ]);
    const times = (rows: { failed_at: Date }[]) => rows.map((r) => new Date(r.failed_at).getTime());
    return loginThrottle(now.getTime(), times(pair), times(byIp), times(byAccount));
  }
}
