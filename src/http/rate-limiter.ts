/**
 * Requests per API key per minute (RATE_LIMIT_PER_MINUTE; 0 = off), a fixed one-minute window kept
 * in this process's memory. Each API process limits on its own; see docs/adr/0006.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetS: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {}

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  take(key: string): RateDecision {
    const t = this.now();
    if (t - this.lastSweep > 60_000) this.sweep(t);
    let w = this.windows.get(key);
    if (!w || t - w.start >= 60_000) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    const resetS = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
    if (w.count >= this.perMinute) return { allowed: false, limit: this.perMinute, remaining: 0, resetS };
    w.count++;
    return { allowed: true, limit: this.perMinute, remaining: this.perMinute - w.count, resetS };
  }

  private sweep(t: number): void {
    this.lastSweep = t;
    for (const [k, w] of this.windows) if (t - w.start >= 60_000) this.windows.delete(k);
  }
}
