/** A row changed somewhere (any process, the CLI, an operator's SQL): its group's cached entries are stale. */
export interface ChangeNotice {
  /** The group the change belongs to: an API key's id, an emitter's id. */
  id: string;
}

/**
 * Cross-process notices of changed rows: a trigger sends them (PostgreSQL NOTIFY, delivered at commit)
 * whoever made the change. While the listening connection is down notices are lost, so a cache fed by
 * them is bypassed then and emptied when the connection is back.
 */
export interface ChangeNotices {
  subscribe(listener: (e: ChangeNotice) => void): () => void;
  /** False while the listening connection is down. */
  listening(): boolean;
  /** Fires when the listening connection is lost and when it listens again. */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
}

interface Entry<V> {
  key: string;
  group: string;
  value: V;
  loadedAt: number;
}

/**
 * Values read from the database, kept per process by key and dropped by group when a notice for the
 * group arrives (ChangeNotices). Nothing is served while the listening connection is down, and the
 * cache is emptied when it listens again. A value read from the database is kept only if no notice
 * arrived while it was being read (`generation`), so a read that raced a change is never kept.
 * Entries also expire after `ttlMs` (a safety net, not the mechanism). Values are shared: callers
 * never change them.
 */
export class NoticeCache<V> {
  private readonly byKey = new Map<string, Entry<V>>();
  private readonly keysByGroup = new Map<string, Set<string>>();
  private generationValue = 0;

  constructor(
    private readonly changes: ChangeNotices,
    private readonly opts: { ttlMs: number; maxEntries: number },
    private readonly now: () => number = () => performance.now(),
  ) {
    changes.subscribe((e) => this.forget(e.id));
    changes.onReset(() => this.clear());
  }

  /** Bumped by every notice: a read started before a bump is not kept. */
  generation(): number {
    return this.generationValue;
  }

  get(key: string): V | null {
    if (!this.changes.listening()) return null;
    const e = this.byKey.get(key);
    if (!e) return null;
    if (this.now() - e.loadedAt >= this.opts.ttlMs) {
      this.drop(e);
      return null;
    }
    return e.value;
  }

  /** Keeps a value read from the database, unless a notice arrived since `generation` was taken. */
  set(key: string, group: string, value: V, generation: number): void {
    if (generation !== this.generationValue || !this.changes.listening()) return;
    const old = this.byKey.get(key);
    if (old) this.drop(old);
    if (this.byKey.size >= this.opts.maxEntries) this.drop(this.byKey.values().next().value!);
    this.byKey.set(key, { key, group, value, loadedAt: this.now() });
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = new Set()));
    keys.add(key);
  }

  /** Drops every entry of `group` (a notice, or a change this process made and wants seen at once). */
  forget(group: string): void {
    this.generationValue++;
    for (const key of this.keysByGroup.get(group) ?? []) this.byKey.delete(key);
    this.keysByGroup.delete(group);
  }

  clear(): void {
    this.generationValue++;
    this.byKey.clear();
    this.keysByGroup.clear();
  }

  private drop(e: Entry<V>): void {
    this.byKey.delete(e.key);
    const keys = this.keysByGroup.get(e.group);
    keys?.delete(e.key);
    if (keys && !keys.size) this.keysByGroup.delete(e.group);
  }
}

/**
 * The value of `key` from `cache` or, on a miss, from `load` (kept under `group` unless a notice
 * arrived meanwhile). Without a cache (the embedded database has no notices) it always loads;
 * nothing is kept for a null answer.
 */
export async function readThrough<V>(cache: NoticeCache<V> | null | undefined, key: string, group: string, load: () => Promise<V | null>): Promise<V | null> {
  if (!cache) return load();
  const hit = cache.get(key);
  if (hit !== null) return hit;
  const generation = cache.generation();
  const value = await load();
  if (value !== null) cache.set(key, group, value, generation);
  return value;
}
