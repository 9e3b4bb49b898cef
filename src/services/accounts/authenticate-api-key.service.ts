import { environmentOfKey, hashApiKey } from '../../domain/identity/api-key-format';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql, statementEm } from '../shared/sql';
import type { ApiKeyCache, CachedApiKey } from './api-key-cache';

/** `last_used_at` moves at most this often per key: a request reads it, and writes only when it is older. */
export const KEY_USAGE_WRITE_EVERY_MS = 60_000;

/**
 * Resolves `Bearer sk_…` to an actor; null when the key is malformed, unknown or revoked. With a
 * cache (real PostgreSQL, see ApiKeyCache) a key this process authenticated recently is not read
 * again: a request then costs no statement unless its `last_used_at` is due.
 */
export class AuthenticateApiKeyService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: ApiKeyCache | null = null,
  ) {}

  async execute(key: string): Promise<Actor | null> {
    const environment = environmentOfKey(key);
    if (!environment) return null;
    const hash = hashApiKey(key);
    const row = this.cache?.get(hash) ?? (await this.read(hash));
    if (!row || row.revoked_at || row.environment !== environment) return null;
    // A key past its expiry works no more, like a revoked one.
    if (row.expires_at && row.expires_at <= this.deps.clock.now()) return null;
    await this.touch(row);
    const actor: Actor = { accountId: row.account_id, environment, scopes: row.scopes, keyId: row.id, scheme: 'api_key', user: null };
    if (row.emitter_ids || row.document_types || row.allowed_ips) {
      actor.keyLimits = { emitterIds: row.emitter_ids, documentTypes: row.document_types, allowedIps: row.allowed_ips };
      if (row.emitter_ids) actor.onlyEmitterIds = row.emitter_ids;
    }
    return actor;
  }

  private async read(hash: string): Promise<CachedApiKey | null> {
    const generation = this.cache?.generation() ?? 0;
    const rows = await preparedSql<CachedApiKey>(
      statementEm(this.deps.orm),
      'select id, account_id, environment, scopes, revoked_at, last_used_at, emitter_ids, document_types, allowed_ips, expires_at from api_keys where key_hash = ?',
      [hash],
      { dates: true },
    );
    const row = rows[0] ?? null;
    // Revoked and unknown keys are not kept: they are refused from the database every time.
    if (row && !row.revoked_at) this.cache?.set(hash, row, generation);
    return row;
  }

  /**
   * Records the use when the stored time is a minute old or more (or absent). The condition is
   * repeated in the UPDATE, so processes racing on the same key write once per minute between them.
   */
  private async touch(row: CachedApiKey): Promise<void> {
    const now = this.deps.clock.now();
    if (row.last_used_at && now.getTime() - row.last_used_at.getTime() < KEY_USAGE_WRITE_EVERY_MS) return;
    const before = new Date(now.getTime() - KEY_USAGE_WRITE_EVERY_MS);
    // The cached row is this process's view: it stops writing for a minute whether or not its UPDATE won the race.
    row.last_used_at = now;
    await preparedSql(statementEm(this.deps.orm), 'update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at <= ?)', [now, row.id, before]);
  }
}
