import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity, UserEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { userSummary, type UserSummary } from './user-summary';

/** The users of one account, oldest first. */
export class ListUsersService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { accountId: string }): Promise<UserSummary[]> {
    const em = this.deps.orm.em.fork();
    if (!(await em.findOne(AccountEntity, { id: input.accountId }))) throw DomainError.notFound('una cuenta', 'account');
    const users = await em.find(UserEntity, { account: input.accountId }, { orderBy: { id: 'asc' } });
    return users.map((u) => userSummary(u));
  }
}
