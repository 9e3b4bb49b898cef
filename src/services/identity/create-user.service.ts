import type { EntityManager } from '@mikro-orm/core';
import type { Role } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { hashPassword } from '../../integrations/crypto/password-hasher';
import { AccountEntity, UserEntity } from '../../persistence/entities';
import { recordAudit, type AuditSubject } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { accountNameOf, parseEmail, parseNewPassword, parseRole } from './user-input';
import { userSummary, type UserSummary } from './user-summary';

export interface CreateUserInput {
  accountId: string;
  email: unknown;
  /** Omitted for an invitation: the user sets it through the e-mailed link. */
  password?: unknown;
  role?: unknown;
  /** Records `user.created` (the CLI); an invitation records `user.invited` itself. */
  audit?: AuditSubject;
}

/** Creates a panel user of an account (default role `member`); the e-mail is unique across the service. */
export class CreateUserService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: CreateUserInput): Promise<UserSummary> {
    const email = parseEmail(input.email);
    const role: Role = parseRole(input.role, 'member');
    const password = input.password === undefined ? null : parseNewPassword(input.password, { email, accountName: await accountNameOf(this.deps.orm.em.fork(), input.accountId) });
    const passwordHash = password === null ? null : await hashPassword(password);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const user = await this.executeIn(tx, { accountId: input.accountId, email, role, passwordHash });
      if (input.audit) {
        await recordAudit(tx, user.createdAt, input.audit, { accountId: user.accountId, action: 'user.created', target: { type: 'user', id: user.id }, details: { email: user.email, role: user.role } });
      }
      return user;
    });
  }

  /** Same with checked values, inside a transaction the caller owns. */
  async executeIn(tx: EntityManager, input: { accountId: string; email: string; role: Role; passwordHash: string | null }): Promise<UserSummary> {
    const account = await tx.findOne(AccountEntity, { id: input.accountId });
    if (!account) throw DomainError.notFound('una cuenta', 'account');
    if (await tx.findOne(UserEntity, { email: input.email })) {
      throw DomainError.field('email_taken', 'email', 'Ya existe un usuario con ese correo electrónico.');
    }
    const now = this.deps.clock.now();
    const user = tx.create(UserEntity, {
      id: newId(IdPrefix.user, now.getTime()),
      account,
      email: input.email,
      passwordHash: input.passwordHash,
      role: input.role,
      createdAt: now,
      updatedAt: now,
      lastLoginAt: null,
    });
    await tx.flush();
    return userSummary(user);
  }
}
