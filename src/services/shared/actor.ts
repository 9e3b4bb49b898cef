import type { Environment } from '../../domain/identity/api-key-format';
import type { IdempotencyHandle } from '../idempotency/idempotency-handle';

/** Who is calling: the authenticated API key's account, environment and scopes. */
export interface Actor {
  accountId: string;
  environment: Environment;
  scopes: readonly string[];
  keyId: string;
  /** Set while a request carrying an Idempotency-Key runs: what it creates is linked to its record. */
  idempotency?: IdempotencyHandle;
}
