/**
 * Group writes (as a group commit does): items submitted under one key while a write of that key is on
 * its way wait, and the next write takes all of them (at most `maxGroup`). Nothing waits for a timer:
 * alone, an item is written at once; under load, items share one statement and one commit. Each
 * submitter gets its own item's result, or the write's error.
 */
export class GroupedWrites<I, R> {
  private readonly waiting = new Map<string, { item: I; resolve: (r: R) => void; reject: (err: unknown) => void }[]>();
  private readonly running = new Set<string>();

  constructor(
    /** Writes a group; answers one result per item, in order. */
    private readonly write: (key: string, items: I[]) => Promise<R[]>,
    private readonly maxGroup = 64,
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
          for (const g of group) g.reject(err);
        }
      }
    } finally {
      this.running.delete(key);
    }
  }
}
