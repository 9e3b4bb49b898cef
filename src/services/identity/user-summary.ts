import type { Role } from '../../domain/identity/roles';
import type { UserEntity } from '../../persistence/entities';
import type { PendingInvitation } from './user-tokens';

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
  /** An invited user's link: when it was sent and when it stops working (null once active, or unknown here). */
  invitation: PendingInvitation | null;
}

export function userSummary(u: UserEntity, invitation: PendingInvitation | null = null): UserSummary {
  return {
    id: u.id,
    accountId: typeof u.account === 'string' ? u.account : u.account.id,
    email: u.email,
    role: u.role as Role,
    active: u.passwordHash !== null,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    invitation: u.passwordHash === null ? invitation : null,
  };
}
