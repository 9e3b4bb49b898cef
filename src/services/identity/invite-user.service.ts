import { z } from 'zod';
import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { UserEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { linkCreatedResource, resumedResource, resumedResourceGone } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { queueAccountEmail, deliverSoon } from './account-email-outbox';
import { invitationEmail, panelLink } from './account-emails';
import type { CreateUserService } from './create-user.service';
import { requirePanelUser } from './panel-access';
import { parseEmail } from './user-input';
import { userSummary, type UserSummary } from './user-summary';
import { issueUserToken, pendingInvitations, USER_LINK_TTL_MS } from './user-tokens';

/** Body of `POST /v1/users` (GraphQL `InviteUserInput`). */
export const inviteUserSchema = z.strictObject({
  email: z.string('El correo electrónico es un texto.').max(320, 'El correo electrónico admite hasta 320 caracteres.'),
  role: z.enum(ROLES, { message: `El rol es uno de: ${ROLES.join(', ')}.` }),
});

/** The resource type an invitation links to its Idempotency-Key record (the invited user). */
const INVITATION_RESOURCE = 'user_invitation';

/**
 * An owner invites a person by e-mail: the user exists at once with status `invited` (no password)
 * and gets a single-use link, valid 7 days, to choose one. Inviting again an e-mail still
 * `invited` in this account sends a fresh link (the older one stops working); any other user with
 * that e-mail is 409 `email_taken`.
 *
 * The invitation (the user, its link and its e-mail) commits with its link to the request's
 * Idempotency-Key record. A retry of a request whose process died answers that user as it is now:
 * the e-mail the first run queued is sent anyway, so no second link or e-mail goes out, and an
 * invitation accepted meanwhile is not 409 `email_taken`.
 */
export class InviteUserService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly users: CreateUserService,
  ) {}

  async execute(actor: Actor, body: unknown): Promise<UserSummary> {
    const inviter = requirePanelUser(actor, ['owner'], 'invitar usuarios');
    const resumed = resumedResource(actor, INVITATION_RESOURCE);
    if (resumed) {
      const em = this.deps.orm.em.fork();
      const invited = await em.findOne(UserEntity, { id: resumed, account: actor.accountId });
      if (!invited) throw resumedResourceGone('El usuario invitado');
      return userSummary(invited, (await pendingInvitations(em, [invited.id])).get(invited.id) ?? null);
    }
    const parsed = parseWith(inviteUserSchema, body ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const email = parseEmail(parsed.value.email);
    const role = parsed.value.role;
    const now = this.deps.clock.now();
    const { user, queued } = await this.deps.orm.em.fork().transactional(async (tx) => {
      const existing = await tx.findOne(UserEntity, { email });
      let user: UserSummary;
      let resent = false;
      if (existing && existing.account.id === actor.accountId && existing.passwordHash === null) {
        existing.role = role;
        existing.updatedAt = now;
        await tx.flush();
        user = userSummary(existing);
        resent = true;
      } else {
        user = await this.users.executeIn(tx, { accountId: actor.accountId, email, role, passwordHash: null });
      }
      await linkCreatedResource(tx, actor, INVITATION_RESOURCE, user.id);
      const token = await issueUserToken(tx, user, 'invite', now);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.invited', target: { type: 'user', id: user.id }, details: { email, role, resent } });
      const message = invitationEmail(this.deps, email, inviter.email, panelLink(this.deps, 'invitacion', token));
      const queued = await queueAccountEmail(this.deps, tx, { accountId: actor.accountId, userId: user.id, kind: 'invitation', message, linkExpiresAt: new Date(now.getTime() + USER_LINK_TTL_MS.invite), now });
      return { user: { ...user, invitation: { sentAt: now, expiresAt: new Date(now.getTime() + USER_LINK_TTL_MS.invite) } }, queued };
    });
    deliverSoon(this.deps, queued);
    return user;
  }
}
