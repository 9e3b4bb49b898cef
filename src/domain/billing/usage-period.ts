/** Usage periods: El Salvador calendar months (local time from `el-salvador-time.ts`). */
import { firstDayOfNextMonth, instantOfLocal, localDateTime } from '../mh-rules/el-salvador-time';

/** `YYYY-MM` of an instant in El Salvador. */
export function usagePeriodOf(instant: Date): string {
  return localDateTime(instant).date.slice(0, 7);
}

/** The instants a period spans: [start, end) — 00:00 of its first day to 00:00 of the next month, local time. */
export function usagePeriodBounds(period: string): { start: Date; end: Date } {
  const first = `${period}-01`;
  return { start: instantOfLocal(first), end: instantOfLocal(firstDayOfNextMonth(first)) };
}
