import { DomainError } from '../../domain/shared/domain-error';
import { hashPassword } from '../../integrations/crypto/password-hasher';
import { UserEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { parseEmail, parseNewPassword } from './user-input';
import { userSummary, type UserSummary } from './user-summary';

/** Sets a user's password (CLI, or the password-reset link); the user's open sessions end. */
export class SetUserPasswordService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { userId?: string; email?: unknown; password: unknown }): Promise<UserSummary> {
    const em = this.deps.orm.em.fork();
    const user = input.userId
      ? await em.findOne(UserEntity, { id: input.userId })
      : await em.findOne(UserEntity, { email: parseEmail(input.email) });
    if (!user) throw DomainError.notFound('un usuario', input.userId ? 'user' : 'email');
    const hash = await hashPassword(parseNewPassword(input.password, user.email));
    const ended = await em.transactional(async (tx) => {
      const u = await tx.findOneOrFail(UserEntity, { id: user.id });
      u.passwordHash = hash;
      u.updatedAt = this.deps.clock.now();
      await tx.flush();
      return deleteUserSessions(tx, u.id);
    });
    await announceEndedSessions(this.deps, ended, 'password_changed');
    user.passwordHash = hash;
    return userSummary(user);
  }
}
