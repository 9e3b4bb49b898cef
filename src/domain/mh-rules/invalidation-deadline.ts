/**
 * Pure rules of the invalidation event (MH-2026-RULES §1.1 and §1.2):
 *
 * - Deadline to transmit the event, counted from the target DTE's seal (El Salvador time):
 *   - FE (01), FEX (11), FSE (14): 3 months, to 23:59:59 of the same day-of-month, clamped to the
 *     month end (both regimes).
 *   - Every other type, MF-2.0 (05/2026, default): 23:59:59 of the 10th business day of the month
 *     after the seal's month. MF-1.2 (10/2025): 23:59:59 of the day after the seal.
 * - The event's own date (`identificacion.fecEmi` in invalidacion-v3): FE/FEX/FSE from the DTE's
 *   `fecEmi` up to 3 months after it; other types exactly the DTE's `fecEmi` (MF-2.0) or at most one
 *   day after it (MF-1.2).
 */
import type { BusinessCalendar } from './business-calendar';
import { addDays, addMonthsClamped, firstDayOfNextMonth, instantOfLocal, localDateTime } from './el-salvador-time';

export type InvalidationRegime = 'MF-2.0' | 'MF-1.2';

/** Types with the 3-month window: FE, FEX, FSE. */
export const THREE_MONTH_TYPES: ReadonlySet<string> = new Set(['01', '11', '14']);

export interface InvalidationDeadline {
  rule: 'three_months' | 'tenth_business_day' | 'next_day';
  /** Last local date on which the event may be transmitted (until 23:59:59). */
  lastDay: string;
  /** First instant that is too late (local midnight after `lastDay`). */
  endsAt: Date;
}

export interface DeadlineInput {
  tipoDte: string;
  /** When the target DTE got its seal. */
  sealedAt: Date;
  regime: InvalidationRegime;
  calendar: BusinessCalendar;
}

/** The 10th business day of the month after the month of `date`. */
export function tenthBusinessDayOfNextMonth(date: string, calendar: BusinessCalendar): string {
  let day = firstDayOfNextMonth(date);
  let count = 0;
  for (;;) {
    if (calendar.isBusinessDay(day)) {
      count++;
      if (count === 10) return day;
    }
    day = addDays(day, 1);
  }
}

export function invalidationDeadline(input: DeadlineInput): InvalidationDeadline {
  const sealDate = localDateTime(input.sealedAt).date;
  let rule: InvalidationDeadline['rule'];
  let lastDay: string;
  if (THREE_MONTH_TYPES.has(input.tipoDte)) {
    rule = 'three_months';
    lastDay = addMonthsClamped(sealDate, 3);
  } else if (input.regime === 'MF-1.2') {
    rule = 'next_day';
    lastDay = addDays(sealDate, 1);
  } else {
    rule = 'tenth_business_day';
    lastDay = tenthBusinessDayOfNextMonth(sealDate, input.calendar);
  }
  return { rule, lastDay, endsAt: instantOfLocal(addDays(lastDay, 1)) };
}

export function isWithinDeadline(deadline: InvalidationDeadline, at: Date): boolean {
  return at.getTime() < deadline.endsAt.getTime();
}

/** Dates (inclusive, `yyyy-MM-dd`) the event's `identificacion.fecEmi` may take. */
export function allowedEventDates(tipoDte: string, dteFecEmi: string, regime: InvalidationRegime): { from: string; to: string } {
  if (THREE_MONTH_TYPES.has(tipoDte)) return { from: dteFecEmi, to: addMonthsClamped(dteFecEmi, 3) };
  return { from: dteFecEmi, to: regime === 'MF-1.2' ? addDays(dteFecEmi, 1) : dteFecEmi };
}
