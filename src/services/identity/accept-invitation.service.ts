import type { RequestOrigin } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { setPasswordByLink } from './set-password-by-link';

/** `POST /v1/auth/invitations/accept {token, password}` (public): the invited user chooses a password, once, within 7 days of the last invitation e-mail; then status `active`. */
export class AcceptInvitationService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(input: { token: unknown; password: unknown; origin: RequestOrigin }): Promise<void> {
    return setPasswordByLink(this.deps, input, 'invite', 'user.invitation_accepted');
  }
}
