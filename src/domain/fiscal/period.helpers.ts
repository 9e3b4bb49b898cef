/**
 * Fiscal periods (`YYYY-MM`) and calendar dates. Documents belong to the period of their generation
 * date (`fecEmi`, America/El_Salvador), never of their seal time (F-07 doc §9 C9). El Salvador has no
 * daylight saving: local time is always UTC−6.
 */
import { localDateOf } from '../mh-rules/el-salvador-time';

const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-03` is valid; `2026-13`, `2026-3`, `0000-01` are not. */
export function isValidPeriod(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = PERIOD_PATTERN.exec(value);
  return m !== null && Number(m[1]) >= 1900;
}

/** A real calendar date `yyyy-MM-dd` (leap years included). */
export function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Local (El Salvador) calendar date of an instant. */
export { localDateOf };

/**
 * Period of a date: `yyyy-MM-dd` → its month; a timestamp (ISO string with time, or a Date) → the
 * month of its El Salvador local date.
 */
export function periodOf(date: Date | string): string {
  if (typeof date === 'string' && DATE_PATTERN.test(date)) return date.slice(0, 7);
  return localDateOf(date).slice(0, 7);
}

/** Months from `from` to `to` (`2026-01` → `2026-03` = 2; negative when `to` is earlier). */
export function periodDistance(from: string, to: string): number {
  const a = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7));
  const b = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  return b - a;
}

/** `2026-03-15` → `15/03/2026` (MH's DD/MM/AAAA). */
export function mhDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}
