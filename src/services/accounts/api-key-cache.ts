import type { ApiKeyChanges } from '../ports/api-key-changes.port';
import { NoticeCache } from '../shared/notice-cache';

/** What authentication reads of a key row. */
export interface CachedApiKey {
  id: string;
  account_id: string;
  environment: string;
  scopes: string[];
  revoked_at: Date | null;
  /** As last read or written by this process (the throttled write compares with it). */
  last_used_at: Date | null;
  emitter_ids: string[] | null;
  document_types: string[] | null;
  allowed_ips: string[] | null;
  expires_at: Date | null;
}

/** A cached key is read again after this long even without a notice (a safety net, not the mechanism). */
export const API_KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The keys this process authenticated, by the key's hash, so a request does not read its key from
 * the database. A change to a key row (revocation, scopes, deletion) reaches every process through
 * the `api_keys` trigger's NOTIFY (ApiKeyChanges) and drops the entry; revocations made by this
 * process drop it at once too (`forget`). See NoticeCache for what is kept and when.
 */
export class ApiKeyCache {
  private readonly cache: NoticeCache<CachedApiKey>;

  constructor(changes: ApiKeyChanges, now?: () => number) {
    this.cache = new NoticeCache<CachedApiKey>(changes, { ttlMs: API_KEY_CACHE_TTL_MS, maxEntries: MAX_ENTRIES }, now);
  }

  /** Bumped by every notice: a read started before a bump is not cached. */
  generation(): number {
    return this.cache.generation();
  }

  get(hash: string): CachedApiKey | null {
    return this.cache.get(hash);
  }

  /** Keeps a row read from the database, unless a notice arrived since `generation` was taken. */
  set(hash: string, row: CachedApiKey, generation: number): void {
    this.cache.set(hash, row.id, row, generation);
  }

  forget(id: string): void {
    this.cache.forget(id);
  }

  clear(): void {
    this.cache.clear();
  }
}
