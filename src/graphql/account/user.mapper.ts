import type { UserSummary } from '../../services/identity/user-summary';
import type { UserType } from './user.types';

export function toUser(u: UserSummary): UserType {
  return { id: u.id, email: u.email, role: u.role, status: u.active ? 'active' : 'invited', createdAt: u.createdAt, lastLoginAt: u.lastLoginAt, invitation: u.invitation };
}
