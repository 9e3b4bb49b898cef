import { environmentOfKey, hashApiKey } from '../../domain/identity/api-key-format';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';

/** Resolves `Bearer sk_…` to an actor; null when the key is malformed, unknown or revoked. */
export class AuthenticateApiKeyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(key: string): Promise<Actor | null> {
    const environment = environmentOfKey(key);
    if (!environment) return null;
    const em = this.deps.orm.em.fork();
    const rows = await preparedSql<{ id: string; account_id: string; environment: string; scopes: string[]; revoked_at: Date | null }>(
      em,
      'select id, account_id, environment, scopes, revoked_at from api_keys where key_hash = ?',
      [hashApiKey(key)],
    );
    const row = rows[0];
    if (!row || row.revoked_at || row.environment !== environment) return null;
    return { accountId: row.account_id, environment, scopes: row.scopes, keyId: row.id, scheme: 'api_key', user: null };
  }
}
