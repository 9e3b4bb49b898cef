import type { Environment } from '../../domain/identity/api-key-format';
import type { Role } from '../../domain/identity/roles';

/** The Session resource (`GET /v1/auth/session`). */
export interface SessionView {
  id: string;
  user: { id: string; email: string; role: Role };
  accountId: string;
  environment: Environment;
  csrfToken: string;
  expiresAt: Date;
}
