import type { UserView } from '../../domain/identity/user-view';
import type { UserSummary } from './user-summary';

export type { UserView } from '../../domain/identity/user-view';

/** The one mapping from a user as the services return it to its view (src/domain/identity/user-view.ts), which both doors show. */
export function toUserView(u: UserSummary): UserView {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    status: u.active ? 'active' : 'invited',
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    invitation: u.invitation ? { sentAt: u.invitation.sentAt, expiresAt: u.invitation.expiresAt } : null,
  };
}
