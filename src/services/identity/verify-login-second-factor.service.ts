import { LOGIN_THROTTLE, loginThrottle } from '../../domain/identity/login-throttle';
import { sessionExpiry } from '../../domain/identity/session-lifetime';
import { generateSessionToken, hashToken } from '../../domain/identity/session-token';
import { DomainError } from '../../domain/shared/domain-error';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueSecurityNotice, type QueuedAccountEmail } from './account-email-outbox';
import { secondFactorNoticeEmail } from './account-emails';
import { acceptTotpCode, spendRecoveryCode, totpUser } from './second-factor-store';

export type VerifyLoginSecondFactorResult = { kind: 'ok'; token: string; expiresAt: Date } | { kind: 'throttled'; retryAfterS: number };

/**
 * The login's second step: the session that gave the right password (`second_factor = required`)
 * gives a current code of the user's app, or one of their recovery codes (spent at once). Then the
 * session is `verified` under a new token (the one that only knew the password stops working). A
 * wrong code is 422 `second_factor_code_invalid` and counts as a failed login: the per-account limit
 * (10 in 15 minutes) answers 429 `login_throttled` after that.
 */
export class VerifyLoginSecondFactorService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: { code?: unknown; recoveryCode?: unknown }): Promise<VerifyLoginSecondFactorResult> {
    if (actor.scheme !== 'session' || !actor.user) throw new DomainError('unauthenticated', 'No hay una sesión del panel: inicie sesión con POST /v1/auth/login.');
    if (actor.secondFactor !== 'required') throw new DomainError('second_factor_not_required', 'Esta sesión no espera un código: ya inició sesión.');
    const me = actor.user;
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const recent = await sql<{ failed_at: Date }>(em, 'select failed_at from login_failures where email = ? and failed_at > ? order by failed_at desc limit ?', [me.email, new Date(now.getTime() - LOGIN_THROTTLE.accountWindowMs), LOGIN_THROTTLE.accountLimit]);
    const throttle = loginThrottle(now.getTime(), [], [], recent.map((r) => new Date(r.failed_at).getTime()));
    if (!throttle.allowed) return { kind: 'throttled', retryAfterS: throttle.retryAfterS };
    const useRecovery = input.recoveryCode !== undefined && input.recoveryCode !== null && input.recoveryCode !== '';
    const token = generateSessionToken();
    const result = await em.transactional(async (tx) => {
      const user = await totpUser(tx, me.id, true);
      if (!user?.totp_enabled_at) return null;
      const ok = useRecovery ? await spendRecoveryCode(tx, me.id, input.recoveryCode, now) : await acceptTotpCode(this.deps, tx, user, input.code, 'enabled', now);
      if (!ok) return null;
      const [{ absolute_expires_at: absolute }] = await sql<{ absolute_expires_at: Date }>(tx, 'select absolute_expires_at from panel_sessions where id = ?', [actor.keyId]);
      const expiresAt = sessionExpiry(now, new Date(absolute));
      await sql(tx, "update panel_sessions set token_hash = ?, second_factor = 'verified', last_seen_at = ?, expires_at = ? where id = ?", [hashToken(token), now, expiresAt, actor.keyId]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: useRecovery ? 'user.recovery_code_used' : 'session.second_factor_verified', target: { type: 'session', id: actor.keyId } });
      let notice: QueuedAccountEmail | null = null;
      if (useRecovery) notice = await queueSecurityNotice(this.deps, tx, { accountId: actor.accountId, userId: me.id, now, message: secondFactorNoticeEmail(this.deps, user.email, 'recovery_code_used', now) });
      return { expiresAt, notice };
    });
    if (!result) {
      await sql(em, 'insert into login_failures (email, ip, failed_at) values (?, ?, ?)', [me.email, actor.origin?.ip ?? 'desconocida', now]);
      throw DomainError.field('second_factor_code_invalid', useRecovery ? 'recoveryCode' : 'code', useRecovery ? 'El código de recuperación no es válido o ya se usó.' : 'El código no es correcto o ya se usó: escriba el de seis dígitos que muestra su aplicación ahora.');
    }
    if (result.notice) deliverSoon(this.deps, result.notice);
    return { kind: 'ok', token, expiresAt: result.expiresAt };
  }
}

