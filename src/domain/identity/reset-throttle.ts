/**
 * Password-reset requests (pure): at most `ipLimit` per address per hour, then 429 with Retry-After
 * (counted for every e-mail, known or not, so the refusal reveals nothing); and at most `emailLimit`
 * links e-mailed to one address per hour — beyond that the request still answers 202 and sends
 * nothing, so nobody can flood a mailbox.
 */
export const RESET_THROTTLE = {
  ipLimit: 10,
  emailLimit: 3,
  windowMs: 60 * 60_000,
} as const;

/** `times`: request times (ms) inside the window, any order. Seconds until one more is allowed, or null when it is now. */
export function resetRetryAfterS(now: number, times: readonly number[], limit: number, windowMs: number = RESET_THROTTLE.windowMs): number | null {
  const inside = times.filter((at) => at > now - windowMs && at <= now).sort((a, b) => b - a);
  if (inside.length < limit) return null;
  return Math.max(1, Math.ceil((inside[limit - 1] + windowMs - now) / 1000));
}
