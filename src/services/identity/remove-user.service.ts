import { DomainError } from '../../domain/shared/domain-error';
import { UserEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { keepAnOwner } from './owner-guard';
import { requirePanelUser } from './panel-access';
import { userSummary, type UserSummary } from './user-summary';

/**
 * An owner removes a user from the account: the user, their sessions (WebSockets closed) and their
 * unused links are gone at once; the account keeps at least one owner (409 `last_owner`). The keys
 * the user created stay (they belong to the account; revoke them apart). Answers the removed user.
 */
export class RemoveUserService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<UserSummary> {
    requirePanelUser(actor, ['owner'], 'quitar usuarios');
    const now = this.deps.clock.now();
    const { removed, ended } = await this.deps.orm.em.fork().transactional(async (tx) => {
      const user = await tx.findOne(UserEntity, { id, account: actor.accountId });
      if (!user) throw DomainError.notFound('un usuario en esta cuenta');
      if (user.role === 'owner') await keepAnOwner(tx, actor.accountId, user.id);
      const removed = userSummary(user);
      const ended = await deleteUserSessions(tx, user.id);
      await sql(tx, 'delete from user_tokens where user_id = ?', [user.id]);
      await sql(tx, 'delete from users where id = ?', [user.id]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'user.removed', target: { type: 'user', id: user.id }, details: { email: user.email, role: user.role } });
      return { removed, ended };
    });
    await announceEndedSessions(this.deps, ended, 'user_removed');
    return removed;
  }
}
