import { DomainError } from '../../domain/shared/domain-error';
import { UserEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { cancelPendingAccountEmails } from './account-email-outbox';
import { requirePanelUser } from './panel-access';
import { invitationNotPending } from './resend-invitation.service';
import { userSummary, type UserSummary } from './user-summary';
import { pendingInvitations } from './user-tokens';

/**
 * An owner withdraws a pending invitation: the invited user (who never chose a password, so has no
 * session) and its links are gone at once; the e-mailed link answers 410 `link_expired`. A user who
 * already accepted is 409 `invitation_not_pending` (remove them as a user instead). Answers the
 * invitation as it was.
 */
export class RevokeInvitationService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, userId: string): Promise<UserSummary> {
    requirePanelUser(actor, ['owner'], 'revocar invitaciones');
    const now = this.deps.clock.now();
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const user = await tx.findOne(UserEntity, { id: userId, account: actor.accountId });
      if (!user) throw DomainError.notFound('un usuario en esta cuenta');
      if (user.passwordHash !== null) throw invitationNotPending(user.email);
      const revoked = userSummary(user, (await pendingInvitations(tx, [user.id])).get(user.id) ?? null);
      await cancelPendingAccountEmails(tx, user.id, now, 'Invitación revocada antes de enviarse.');
      await sql(tx, 'delete from user_tokens where user_id = ?', [user.id]);
      await sql(tx, 'delete from users where id = ?', [user.id]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.invitation_revoked', target: { type: 'user', id: user.id }, details: { email: user.email, role: user.role } });
      return revoked;
    });
  }
}
