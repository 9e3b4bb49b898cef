import type { Role } from '../../domain/identity/roles';
import type { UserEntity } from '../../persistence/entities';

/** A panel user as services return it (never the password hash). */
export interface UserSummary {
  id: string;
  accountId: string;
  email: string;
  role: Role;
  /** False while an invitation has not been accepted (no password yet). */
  active: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export function userSummary(u: UserEntity): UserSummary {
  return {
    id: u.id,
    accountId: typeof u.account === 'string' ? u.account : u.account.id,
    email: u.email,
    role: u.role as Role,
    active: u.passwordHash !== null,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
  };
}
