import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { secondFactorNoticeEmail } from './account-emails';
import { requirePanelUser } from './panel-access';
import { acceptTotpCode, replaceRecoveryCodes, totpUser } from './second-factor-store';

/**
 * Turns the second factor on with one code from the pending secret (a wrong code: 422
 * `second_factor_code_invalid`, nothing changes). Ten recovery codes are made and shown only in this
 * answer; the session becomes `verified` (an enrolment the account required opens the panel); the
 * change is audited and e-mailed.
 */
export class ConfirmSecondFactorEnrolmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: { code?: unknown }): Promise<{ recoveryCodes: string[] }> {
    const me = requirePanelUser(actor, ROLES, 'activar la verificación en dos pasos');
    const now = this.deps.clock.now();
    const { codes, notice } = await this.deps.orm.em.fork().transactional(async (tx) => {
      const user = await totpUser(tx, me.id, true);
      if (!user) throw DomainError.notFound('un usuario', null);
      if (user.totp_enabled_at) throw new DomainError('second_factor_already_enabled', 'La verificación en dos pasos ya está activada.');
      if (!user.totp_pending_sealed_secret) throw DomainError.field('second_factor_not_started', 'code', 'Primero pida el código QR (POST /v1/auth/second-factor/enrolment).');
      if (!(await acceptTotpCode(this.deps, tx, user, input.code, 'pending', now))) {
        throw DomainError.field('second_factor_code_invalid', 'code', 'El código no es correcto o ya se usó: escriba el de seis dígitos que muestra su aplicación ahora.');
      }
      await sql(tx, 'update users set totp_sealed_secret = totp_pending_sealed_secret, totp_pending_sealed_secret = null, totp_enabled_at = ?, updated_at = ? where id = ?', [now, now, me.id]);
      const codes = await replaceRecoveryCodes(tx, me.id, now);
      await sql(tx, "update panel_sessions set second_factor = 'verified' where id = ?", [actor.keyId]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.second_factor_enabled', target: { type: 'user', id: me.id } });
      const notice = await queueSecurityNotice(this.deps, tx, { accountId: actor.accountId, userId: me.id, now, message: secondFactorNoticeEmail(this.deps, user.email, 'enabled', now) });
      return { codes, notice };
    });
    deliverSoon(this.deps, notice);
    return { recoveryCodes: codes };
  }
}
