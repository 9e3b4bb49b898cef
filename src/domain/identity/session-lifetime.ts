/** Panel sessions: idle timeout 30 minutes (rolling), absolute lifetime 8 hours. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60_000;
/** The idle deadline is moved forward at most once a minute per session (no write per request). */
export const SESSION_TOUCH_EVERY_MS = 60_000;

export function sessionExpiry(lastSeenAt: Date, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()));
}
