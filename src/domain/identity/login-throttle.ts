/**
 * Login throttling (pure): after PAIR_LIMIT failures for one e-mail from one address within
 * PAIR_WINDOW_MS, every attempt of that pair — the right password too — is refused until the oldest
 * of those failures leaves the window; at most IP_LIMIT failures per address within IP_WINDOW_MS
 * across e-mails (each Argon2id check costs CPU).
 */
export const LOGIN_THROTTLE = {
  pairLimit: 5,
  pairWindowMs: 15 * 60_000,
  ipLimit: 50,
  ipWindowMs: 60 * 60_000,
} as const;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterS: number; reason: 'pair' | 'ip' };

/**
 * `pairFailures` / `ipFailures`: times (ms) of the most recent failures inside each window, newest
 * first (at least `limit` of them when there are that many).
 */
export function loginThrottle(now: number, pairFailures: readonly number[], ipFailures: readonly number[]): ThrottleDecision {
  const t = LOGIN_THROTTLE;
  const pair = blockedUntil(now, pairFailures, t.pairLimit, t.pairWindowMs);
  const ip = blockedUntil(now, ipFailures, t.ipLimit, t.ipWindowMs);
  if (pair === null && ip === null) return { allowed: true };
  const [until, reason] = (pair ?? 0) >= (ip ?? 0) ? [pair!, 'pair' as const] : [ip!, 'ip' as const];
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil((until - now) / 1000)), reason };
}

/** When the window stops holding `limit` failures; null when it holds fewer now. */
function blockedUntil(now: number, failures: readonly number[], limit: number, windowMs: number): number | null {
  const inside = failures.filter((at) => at > now - windowMs && at <= now).sort((a, b) => b - a);
  if (inside.length < limit) return null;
  return inside[limit - 1] + windowMs;
}
