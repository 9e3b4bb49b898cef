import type { Environment } from '../../domain/identity/api-key-format';
import type { Role } from '../../domain/identity/roles';
import type { SessionSecondFactor } from '../shared/actor';

/** The Session resource (`GET /v1/auth/session`). */
export interface SessionView {
  id: string;
  user: { id: string; email: string; role: Role };
  accountId: string;
  environment: Environment;
  csrfToken: string;
  expiresAt: Date;
  /** `none`, `verified`, or what the session still owes: `required` (the code) or `enrolment_required`. */
  secondFactor: SessionSecondFactor;
}
