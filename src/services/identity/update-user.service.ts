import { z } from 'zod';
import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { UserEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { keepAnOwner } from './owner-guard';
import { requirePanelUser } from './panel-access';
import { userSummary, type UserSummary } from './user-summary';

/** Body of `PATCH /v1/users/{id}` (GraphQL `UpdateUserInput`). */
export const updateUserSchema = z.strictObject({
  role: z.enum(ROLES, { message: `El rol es uno de: ${ROLES.join(', ')}.` }),
});

/**
 * An owner changes a user's role. The user's sessions end and their WebSockets close, so the new
 * role applies from the next login; the account keeps at least one owner (409 `last_owner`).
 * The same role again changes nothing and records nothing.
 */
export class UpdateUserService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, body: unknown): Promise<UserSummary> {
    requirePanelUser(actor, ['owner'], 'cambiar el rol de los usuarios');
    const parsed = parseWith(updateUserSchema, body ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const role = parsed.value.role;
    const now = this.deps.clock.now();
    const { user, ended } = await this.deps.orm.em.fork().transactional(async (tx) => {
      const user = await tx.findOne(UserEntity, { id, account: actor.accountId });
      if (!user) throw DomainError.notFound('un usuario en esta cuenta');
      if (user.role === role) return { user, ended: [] as string[] };
      if (user.role === 'owner') await keepAnOwner(tx, actor.accountId, user.id);
      const from = user.role;
      user.role = role;
      user.updatedAt = now;
      await tx.flush();
      const ended = await deleteUserSessions(tx, user.id);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.role_changed', target: { type: 'user', id: user.id }, details: { email: user.email, from, to: role } });
      return { user, ended };
    });
    await announceEndedSessions(this.deps, ended, 'role_changed');
    return userSummary(user);
  }
}
