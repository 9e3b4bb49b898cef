import { DomainError } from '../../domain/shared/domain-error';
import { UserEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { deliverSoon, queueAccountEmail } from './account-email-outbox';
import { invitationEmail, panelLink } from './account-emails';
import { requirePanelUser } from './panel-access';
import { userSummary, type UserSummary } from './user-summary';
import { issueUserToken, pendingInvitations, USER_LINK_TTL_MS } from './user-tokens';

/** The resource type a resend links to its Idempotency-Key record (the invited user). */
const RESEND_RESOURCE = 'user_invitation_resend';

export function invitationNotPending(email: string): DomainError {
  return DomainError.field('invitation_not_pending', 'id', `${email} ya aceptó la invitación: no hay nada que reenviar ni revocar.`);
}

/**
 * An owner sends a pending invitation again: a new single-use link, valid 7 days from now, goes by
 * e-mail and the earlier one stops working. A user who already chose a password is 409
 * `invitation_not_pending`. A retry of a request whose process died answers the user as it is now
 * (the first run's e-mail goes out anyway; no second link).
 */
export class ResendInvitationService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, userId: string): Promise<UserSummary> {
    const owner = requirePanelUser(actor, ['owner'], 'reenviar invitaciones');
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    if (resumedResource(actor, RESEND_RESOURCE)) {
      const user = await em.findOne(UserEntity, { id: userId, account: actor.accountId });
      if (!user) throw DomainError.notFound('un usuario en esta cuenta');
      return userSummary(user, (await pendingInvitations(em, [user.id])).get(user.id) ?? null);
    }
    const { user, queued } = await em.transactional(async (tx) => {
      const found = await tx.findOne(UserEntity, { id: userId, account: actor.accountId });
      if (!found) throw DomainError.notFound('un usuario en esta cuenta');
      if (found.passwordHash !== null) throw invitationNotPending(found.email);
      const summary = userSummary(found);
      const token = await issueUserToken(tx, summary, 'invite', now);
      const expiresAt = new Date(now.getTime() + USER_LINK_TTL_MS.invite);
      await linkCreatedResource(tx, actor, RESEND_RESOURCE, found.id);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.invitation_resent', target: { type: 'user', id: found.id }, details: { email: found.email, role: found.role, expires_at: expiresAt.toISOString() } });
      const message = invitationEmail(this.deps, found.email, owner.email, panelLink(this.deps, 'invitacion', token));
      const queued = await queueAccountEmail(this.deps, tx, { accountId: actor.accountId, userId: found.id, kind: 'invitation', message, linkExpiresAt: expiresAt, now });
      return { user: { ...summary, invitation: { sentAt: now, expiresAt } }, queued };
    });
    deliverSoon(this.deps, queued);
    return user;
  }
}
