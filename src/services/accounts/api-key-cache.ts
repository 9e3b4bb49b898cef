import type { ApiKeyChanges } from '../shared/api-key-changes.port';

/** What authentication reads of a key row. */
export interface CachedApiKey {
  id: string;
  account_id: string;
  environment: string;
  scopes: string[];
  revoked_at: Date | null;
  /** As last read or written by this process (the throttled write compares with it). */
  last_used_at: Date | null;
}

/** A cached key is read again after this long even without a notice (a safety net, not the mechanism). */
export const API_KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: CachedApiKey;
  hash: string;
  loadedAt: number;
}

/**
 * The keys this process authenticated, by the key's hash, so a request does not read its key from
 * the database. A change to a key row (revocation, scopes, deletion) reaches every process through
 * the `api_keys` trigger's NOTIFY (ApiKeyChanges) and drops the entry; revocations made by this
 * process drop it at once too (`forget`). Nothing is served from the cache while the listening
 * connection is down, and it is emptied when the connection listens again. A row read from the
 * database is kept only if no notice arrived while it was being read (`generation`), so a read
 * that raced a revocation is never cached. Entries also expire after API_KEY_CACHE_TTL_MS.
 */
export class ApiKeyCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly hashById = new Map<string, string>();
  private generationValue = 0;

  constructor(
    private readonly changes: ApiKeyChanges,
    private readonly now: () => number = () => performance.now(),
  ) {
    changes.subscribe((e) => this.forget(e.id));
    changes.onReset(() => this.clear());
  }

  /** Bumped by every notice: a read started before a bump is not cached. */
  generation(): number {
    return this.generationValue;
  }

  get(hash: string): CachedApiKey | null {
    if (!this.changes.listening()) return null;
    const e = this.byHash.get(hash);
    if (!e) return null;
    if (this.now() - e.loadedAt >= API_KEY_CACHE_TTL_MS) {
      this.drop(e);
      return null;
    }
    return e.row;
  }

  /** Keeps a row read from the database, unless a notice arrived since `generation` was taken. */
  set(hash: string, row: CachedApiKey, generation: number): void {
    if (generation !== this.generationValue || !this.changes.listening()) return;
    const old = this.byHash.get(hash);
    if (old) this.drop(old);
    if (this.byHash.size >= MAX_ENTRIES) this.drop(this.byHash.values().next().value!);
    this.byHash.set(hash, { row, hash, loadedAt: this.now() });
    this.hashById.set(row.id, hash);
  }

  forget(id: string): void {
    this.generationValue++;
    const hash = this.hashById.get(id);
    const e = hash === undefined ? undefined : this.byHash.get(hash);
    if (e) this.drop(e);
  }

  clear(): void {
    this.generationValue++;
    this.byHash.clear();
    this.hashById.clear();
  }

  private drop(e: Entry): void {
    this.byHash.delete(e.hash);
    if (this.hashById.get(e.row.id) === e.hash) this.hashById.delete(e.row.id);
  }
}
