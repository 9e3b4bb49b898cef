import { ROLES } from '../../domain/identity/roles';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { UserEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { requirePanelUser } from './panel-access';
import { userSummary, type UserSummary } from './user-summary';
import { pendingInvitations } from './user-tokens';

/** The users of the session's account, oldest first, invited ones included with their link's dates (any role; session only). */
export class ListAccountUsersService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<UserSummary>> {
    requirePanelUser(actor, ROLES, 'ver los usuarios de la cuenta');
    const em = this.deps.orm.em.fork();
    const rows = await em.find(
      UserEntity,
      { account: actor.accountId, ...(page.startingAfter ? { id: { $gt: page.startingAfter } } : {}) },
      { orderBy: { id: 'asc' }, limit: page.limit + 1 },
    );
    const invitations = await pendingInvitations(em, rows.filter((u) => u.passwordHash === null).map((u) => u.id));
    return toPage(rows.map((u) => userSummary(u, invitations.get(u.id) ?? null)), page.limit);
  }
}
