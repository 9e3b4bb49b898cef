/** Usage periods: El Salvador calendar months (UTC−6, no daylight saving). */
const SV_OFFSET_MS = 6 * 60 * 60 * 1000;

/** `YYYY-MM` of an instant in El Salvador. */
export function usagePeriodOf(instant: Date): string {
  return new Date(instant.getTime() - SV_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instants a period spans: [start, end) — 00:00 of its first day to 00:00 of the next month, local time. */
export function usagePeriodBounds(period: string): { start: Date; end: Date } {
  const [y, m] = period.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1) + SV_OFFSET_MS), end: new Date(Date.UTC(y, m, 1) + SV_OFFSET_MS) };
}
