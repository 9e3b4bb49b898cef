/**
 * Login throttling (pure): after PAIR_LIMIT failures for one e-mail from one address within
 * PAIR_WINDOW_MS, every attempt of that pair — the right password too — is refused until the oldest
 * of those failures leaves the window; at most IP_LIMIT failures per address within IP_WINDOW_MS
 * across e-mails (each Argon2id check costs CPU); and, whatever the addresses (ASVS 2.2.1: at most 100
 * failed attempts an hour per account), after ACCOUNT_LIMIT failures for one e-mail within
 * ACCOUNT_WINDOW_MS the e-mail is locked until the oldest of them leaves the window — at most 40
 * checked failures an hour — and its owner is told by e-mail. The lock holds one account only: an
 * attacker who shares an address (a proxy, an office) with others locks nobody else out.
 */
export const LOGIN_THROTTLE = {
  pairLimit: 5,
  pairWindowMs: 15 * 60_000,
  ipLimit: 50,
  ipWindowMs: 60 * 60_000,
  accountLimit: 10,
  accountWindowMs: 15 * 60_000,
} as const;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterS: number; reason: 'pair' | 'ip' | 'account' };

/**
 * `pairFailures` / `ipFailures`: times (ms) of the most recent failures inside each window, newest
 * first (at least `limit` of them when there are that many).
 */
export function loginThrottle(now: number, pairFailures: readonly number[], ipFailures: readonly number[], accountFailures: readonly number[] = []): ThrottleDecision {
  const t = LOGIN_THROTTLE;
  const blocks: [number | null, 'pair' | 'ip' | 'account'][] = [
    [blockedUntil(now, pairFailures, t.pairLimit, t.pairWindowMs), 'pair'],
    [blockedUntil(now, ipFailures, t.ipLimit, t.ipWindowMs), 'ip'],
    [blockedUntil(now, accountFailures, t.accountLimit, t.accountWindowMs), 'account'],
  ];
  let worst: [number, 'pair' | 'ip' | 'account'] | null = null;
  for (const [until, reason] of blocks) if (until !== null && (!worst || until > worst[0])) worst = [until, reason];
  if (!worst) return { allowed: true };
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil((worst[0] - now) / 1000)), reason: worst[1] };
}

/** Whether the failure just recorded (`failuresInWindow` of them now) is the one that locks the account: its owner is told once per lock. */
export function locksAccount(failuresInWindow: number): boolean {
  return failuresInWindow === LOGIN_THROTTLE.accountLimit;
}

/** When the window stops holding `limit` failures; null when it holds fewer now. */
function blockedUntil(now: number, failures: readonly number[], limit: number, windowMs: number): number | null {
  const inside = failures.filter((at) => at > now - windowMs && at <= now).sort((a, b) => b - a);
  if (inside.length < limit) return null;
  return inside[limit - 1] + windowMs;
}
