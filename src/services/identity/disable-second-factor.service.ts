import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { verifyPassword } from '../../integrations/crypto/password-hasher';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { secondFactorNoticeEmail } from './account-emails';
import { requirePanelUser } from './panel-access';
import { acceptTotpCode, spendRecoveryCode, totpUser } from './second-factor-store';

/**
 * Turns the second factor off: it needs the password and a current code (or a recovery code); a wrong
 * one is 422 naming it and counts as a failed login. The secret and the recovery codes are erased; the
 * change is audited and e-mailed. Where the account requires a second factor, the user enrols again
 * at the next login.
 */
export class DisableSecondFactorService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: { password?: unknown; code?: unknown }): Promise<void> {
    const me = requirePanelUser(actor, ROLES, 'desactivar la verificación en dos pasos');
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const failed = async (path: 'password' | 'code', message: string) => {
      await sql(em, 'insert into login_failures (email, ip, failed_at) values (?, ?, ?)', [me.email, actor.origin?.ip ?? 'desconocida', now]);
      return DomainError.field(path === 'password' ? 'current_password_incorrect' : 'second_factor_code_invalid', path, message);
    };
    const user = await totpUser(em, me.id);
    if (!user?.totp_enabled_at) throw new DomainError('second_factor_not_enabled', 'La verificación en dos pasos no está activada.');
    if (typeof input.password !== 'string' || !(await verifyPassword(user.password_hash, input.password.slice(0, 1024)))) throw await failed('password', 'La contraseña no es correcta.');
    const notice = await em.transactional(async (tx) => {
      const locked = (await totpUser(tx, me.id, true))!;
      const ok = (await acceptTotpCode(this.deps, tx, locked, input.code, 'enabled', now)) || (await spendRecoveryCode(tx, me.id, input.code, now));
      if (!ok) return null;
      await sql(tx, 'update users set totp_sealed_secret = null, totp_pending_sealed_secret = null, totp_enabled_at = null, totp_last_step = null, updated_at = ? where id = ?', [now, me.id]);
      await sql(tx, 'delete from user_recovery_codes where user_id = ?', [me.id]);
      await sql(tx, "update panel_sessions set second_factor = 'none' where user_id = ? and second_factor = 'verified'", [me.id]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.second_factor_disabled', target: { type: 'user', id: me.id } });
      return queueSecurityNotice(this.deps, tx, { accountId: actor.accountId, userId: me.id, now, message: secondFactorNoticeEmail(this.deps, user.email, 'disabled', now) });
    });
    if (!notice) throw await failed('code', 'El código no es correcto o ya se usó.');
    deliverSoon(this.deps, notice);
  }
}
