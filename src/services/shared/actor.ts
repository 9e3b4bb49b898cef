import type { Environment } from '../../domain/identity/api-key-format';

/** Who is calling: the authenticated API key's account, environment and scopes. */
export interface Actor {
  accountId: string;
  environment: Environment;
  scopes: readonly string[];
  keyId: string;
}
