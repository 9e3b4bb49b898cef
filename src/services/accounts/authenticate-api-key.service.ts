import { environmentOfKey, hashApiKey } from '../../domain/identity/api-key-format';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';

/** `last_used_at` moves at most this often per key: a request reads it, and writes only when it is older. */
export const KEY_USAGE_WRITE_EVERY_MS = 60_000;

/** Resolves `Bearer sk_…` to an actor; null when the key is malformed, unknown or revoked. */
export class AuthenticateApiKeyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(key: string): Promise<Actor | null> {
    const environment = environmentOfKey(key);
    if (!environment) return null;
    const em = this.deps.orm.em.fork();
    const rows = await preparedSql<{ id: string; account_id: string; environment: string; scopes: string[]; revoked_at: Date | null; last_used_at: Date | null }>(
      em,
      'select id, account_id, environment, scopes, revoked_at, last_used_at from api_keys where key_hash = ?',
      [hashApiKey(key)],
      { dates: true },
    );
    const row = rows[0];
    if (!row || row.revoked_at || row.environment !== environment) return null;
    await this.touch(row.id, row.last_used_at);
    return { accountId: row.account_id, environment, scopes: row.scopes, keyId: row.id, scheme: 'api_key', user: null };
  }

  /**
   * Records the use when the stored time is a minute old or more (or absent). The condition is
   * repeated in the UPDATE, so processes racing on the same key write once per minute between them.
   */
  private async touch(id: string, lastUsedAt: Date | null): Promise<void> {
    const now = this.deps.clock.now();
    if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < KEY_USAGE_WRITE_EVERY_MS) return;
    const before = new Date(now.getTime() - KEY_USAGE_WRITE_EVERY_MS);
    await preparedSql(this.deps.orm.em.fork(), 'update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at <= ?)', [now, id, before]);
  }
}
