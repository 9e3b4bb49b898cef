/**
 * Requests per API key (or per address, without a key) per minute: a fixed one-minute window. The
 * counters live where every API process sees them — PostgreSQL on a real database, so N processes
 * together allow the configured rate, not N times it; this process's memory on the embedded database
 * (one process). See docs/adr/0006 and 0038.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetS: number;
}

export interface RateLimiter {
  /** False when the limit is 0 (off): nothing is counted. */
  readonly enabled: boolean;
  /** Counts one request against `key` and says whether it may run. */
  take(key: string): Promise<RateDecision>;
}
