/**
 * Group writes (as a group commit does): items submitted under one key while a write of that key is on
 * its way wait, and the next write takes all of them (at most `maxGroup`). Nothing waits for a timer:
 * alone, an item is written at once; under load, items share one statement and one commit. Each
 * submitter gets its own item's result, or the write's error.
 *
 * With `retryAlone`, a group whose write fails is written again item by item, so an error belongs to
 * the item that causes it and the others are written as if they had come alone. Only for a write that
 * is all or nothing and has done nothing when it throws (one transaction that rolls back).
 */
export class GroupedWrites<I, R> {
  private readonly waiting = new Map<string, { item: I; resolve: (r: R) => void; reject: (err: unknown) => void }[]>();
  private readonly running = new Set<string>();

  constructor(
    /** Writes a group; answers one result per item, in order. */
    private readonly write: (key: string, items: I[]) => Promise<R[]>,
    private readonly maxGroup = 64,
    private readonly opts: { retryAlone?: boolean } = {},
  ) {}

  submit(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push({ item, resolve, reject });
      this.waiting.set(key, queue);
      if (!this.running.has(key)) void this.drain(key);
    });
  }

  private async drain(key: string): Promise<void> {
    this.running.add(key);
    try {
      for (let queue = this.waiting.get(key); queue?.length; queue = this.waiting.get(key)) {
        const group = queue.splice(0, this.maxGroup);
        if (!queue.length) this.waiting.delete(key);
        try {
          const results = await this.write(key, group.map((g) => g.item));
          group.forEach((g, i) => g.resolve(results[i]));
        } catch (err) {
          if (group.length === 1 || !this.opts.retryAlone) {
            for (const g of group) g.reject(err);
            continue;
          }
          for (const g of group) {
            await this.write(key, [g.item]).then(([r]) => g.resolve(r), (e: unknown) => g.reject(e));
          }
        }
      }
    } finally {
      this.running.delete(key);
    }
  }
}
