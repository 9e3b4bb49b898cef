import type { RequestOrigin } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { setPasswordByLink } from './set-password-by-link';

/** `POST /v1/auth/password-reset/confirm {token, password}` (public): the reset link sets a new password, once, within 30 minutes. */
export class ConfirmPasswordResetService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(input: { token: unknown; password: unknown; origin: RequestOrigin }): Promise<void> {
    return setPasswordByLink(this.deps, input, 'reset', 'user.password_reset');
  }
}
