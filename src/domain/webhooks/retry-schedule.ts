/**
 * Webhook retries: exponential back-off with full jitter. The n-th retry (after failed attempt n)
 * waits a uniformly random time in [0, min(cap, base × 2^(n−1))). Retries continue until the retry
 * window, counted from the first attempt, has passed; the last retry is placed at the window's end.
 */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  windowMs: number;
}

export const DEFAULT_RETRY_CAP_MS = 60 * 60 * 1000;

/** Upper bound of the wait after failed attempt `attempt` (1-based). */
export function backoffCeilingMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>): number {
  const exp = Math.min(Math.max(attempt - 1, 0), 52);
  return Math.min(policy.capMs, policy.baseMs * 2 ** exp);
}

/** Full jitter: `random` returns [0, 1). */
export function retryDelayMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>, random: () => number): number {
  return Math.floor(random() * backoffCeilingMs(attempt, policy));
}

/**
 * When to try again after failed attempt `attempt` at `now`, or null when the window is over
 * (the delivery is then `failed`).
 */
export function nextAttemptAt(firstAttemptAt: Date, now: Date, attempt: number, policy: RetryPolicy, random: () => number): Date | null {
  const windowEnd = firstAttemptAt.getTime() + policy.windowMs;
  if (now.getTime() >= windowEnd) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempt, policy, random), windowEnd));
}
