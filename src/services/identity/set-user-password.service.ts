import { DomainError } from '../../domain/shared/domain-error';
import { hashPassword } from '../../integrations/crypto/password-hasher';
import { UserEntity } from '../../persistence/entities';
import { recordAudit, type AuditSubject } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { accountNameOf, parseEmail, parseNewPassword } from './user-input';
import { userSummary, type UserSummary } from './user-summary';
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { passwordChangedEmail } from './account-emails';

/**
 * Sets a user's password (the CLI); the user's open sessions end. With `audit`, recorded as
 * `user.password_set` in the same transaction, with how many sessions it ended.
 */
export class SetUserPasswordService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { userId?: string; email?: unknown; password: unknown; audit?: AuditSubject }): Promise<UserSummary> {
    const em = this.deps.orm.em.fork();
    const user = input.userId
      ? await em.findOne(UserEntity, { id: input.userId })
      : await em.findOne(UserEntity, { email: parseEmail(input.email) });
    if (!user) throw DomainError.notFound('un usuario', input.userId ? 'user' : 'email');
    const hash = await hashPassword(parseNewPassword(input.password, { email: user.email, accountName: await accountNameOf(em, user.account.id) }));
    const ended = await em.transactional(async (tx) => {
      const u = await tx.findOneOrFail(UserEntity, { id: user.id });
      u.passwordHash = hash;
      u.updatedAt = this.deps.clock.now();
      await tx.flush();
      const sessions = await deleteUserSessions(tx, u.id);
      if (input.audit) {
        await recordAudit(tx, u.updatedAt, input.audit, { accountId: u.account.id, action: 'user.password_set', target: { type: 'user', id: u.id }, details: { sessions_ended: sessions.length } });
      }
      // The user is told their password changed (ASVS 2.2.3).
      const notice = await queueSecurityNotice(this.deps, tx, { accountId: u.account.id, userId: u.id, now: u.updatedAt, message: passwordChangedEmail(this.deps, u.email, u.updatedAt) });
      return { sessions, notice };
    });
    deliverSoon(this.deps, ended.notice);
    await announceEndedSessions(this.deps, ended.sessions, 'password_changed');
    user.passwordHash = hash;
    return userSummary(user);
  }
}
