/** Days before a certificate expires at which its account is told: 30, then 7. */
export const EXPIRY_THRESHOLDS_DAYS = [30, 7] as const;
export type ExpiryThreshold = (typeof EXPIRY_THRESHOLDS_DAYS)[number];

const DAY_MS = 86_400_000;

/** Whole days left until `validUntil` (29.9 days → 29); negative once it expired. */
export function daysLeft(validUntil: Date, now: Date): number {
  return Math.floor((validUntil.getTime() - now.getTime()) / DAY_MS);
}

/**
 * The thresholds a certificate has reached at `now` (valid until within that many days, not yet
 * expired), most urgent first. Only the first is announced: when the service was off from 30 days
 * to 7, the owners get the 7-day notice alone and the 30-day one is recorded as passed.
 */
export function reachedThresholds(validUntil: Date, now: Date): ExpiryThreshold[] {
  const ms = validUntil.getTime() - now.getTime();
  if (ms <= 0) return [];
  return EXPIRY_THRESHOLDS_DAYS.filter((d) => ms <= d * DAY_MS).sort((a, b) => a - b);
}

/** The notice's id: one per credential, threshold and certificate (a new certificate gets its own). */
export function expiryNoticeId(credentialId: string, threshold: ExpiryThreshold, validUntil: Date): string {
  return `${credentialId}:${threshold}:${validUntil.toISOString()}`;
}
