import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { hashPassword, verifyPassword } from '../../integrations/crypto/password-hasher';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { passwordChangedEmail } from './account-emails';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { requirePanelUser } from './panel-access';
import { accountNameOf, parseNewPassword } from './user-input';

export interface ChangeOwnPasswordInput {
  currentPassword?: unknown;
  newPassword?: unknown;
}

/**
 * A logged-in user changes their own password with the current one (ASVS 2.1.5/2.1.6): a wrong
 * current password is 422 `current_password_incorrect` naming `currentPassword` and counts as a failed
 * login (the per-account limit applies); the new one follows the password rules. The user's other
 * sessions end (this one stays), the change is audited and the user is told by e-mail (2.2.3).
 */
export class ChangeOwnPasswordService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: ChangeOwnPasswordInput): Promise<void> {
    const me = requirePanelUser(actor, ROLES, 'cambiar su contraseña');
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    const current = typeof input.currentPassword === 'string' ? input.currentPassword.slice(0, 1024) : '';
    if (!current) throw DomainError.field('required', 'currentPassword', 'Escriba su contraseña actual.');
    const row = (await sql<{ password_hash: string | null; email: string }>(em, 'select password_hash, email from users where id = ?', [me.id]))[0];
    if (!row || !(await verifyPassword(row.password_hash, current))) {
      await sql(em, 'insert into login_failures (email, ip, failed_at) values (?, ?, ?)', [me.email, actor.origin?.ip ?? 'desconocida', now]);
      throw DomainError.field('current_password_incorrect', 'currentPassword', 'La contraseña actual no es correcta.');
    }
    const hash = await hashPassword(parseNewPassword(input.newPassword, { email: row.email, accountName: await accountNameOf(em, actor.accountId) }, 'newPassword'));
    const { ended, notice } = await em.transactional(async (tx) => {
      await sql(tx, 'update users set password_hash = ?, updated_at = ? where id = ?', [hash, now, me.id]);
      const ended = await deleteUserSessions(tx, me.id, actor.keyId);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.password_changed', target: { type: 'user', id: me.id }, details: { sessions_ended: ended.length } });
      const notice = await queueSecurityNotice(this.deps, tx, { accountId: actor.accountId, userId: me.id, now, message: passwordChangedEmail(this.deps, row.email, now) });
      return { ended, notice };
    });
    deliverSoon(this.deps, notice);
    await announceEndedSessions(this.deps, ended, 'password_changed');
  }
}
