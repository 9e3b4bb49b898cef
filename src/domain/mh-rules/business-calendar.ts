/**
 * Business days (días hábiles) for MH's invalidation deadlines. Saturdays and Sundays are never
 * business days; the list adds the other days MH does not count.
 *
 * MH does not publish its calendar. The default list holds El Salvador's national holidays (Ley de
 * Asuetos: 1 Jan, Holy Thursday and Friday, 1 May, 10 May, 17 Jun, 3–6 Aug (San Salvador, where MH
 * sits), 15 Sep, 2 Nov, 25 Dec) for 2025–2027 plus MH's Holy-Week closure **inferred from its own
 * worked example**: MF-2.0 p. 11 says a CCF sealed on 19-03-2026 may be invalidated until
 * 20-04-2026, which needs four weekdays off in April 2026 before the 20th. Wednesday 1 to Friday 3
 * April (Holy Week) plus Monday 6 April reproduce it; a plain holiday calendar gives 16-04-2026.
 * The same Wednesday–Friday + Easter Monday pattern is applied to 2025 and 2027. With this list
 * every example of MH-2026-RULES §1.1 comes out as MH publishes it (see the unit tests). Pass your
 * own list (`nonBusinessDays` option / `MH_SIMULATOR_NON_BUSINESS_DAYS`) when MH's real calendar
 * is known.
 */
import { weekday } from './el-salvador-time';

export const MH_DEFAULT_NON_BUSINESS_DAYS: readonly string[] = Object.freeze([
  // 2025
  '2025-01-01', '2025-04-16', '2025-04-17', '2025-04-18', '2025-04-21', '2025-05-01', '2025-05-10',
  '2025-06-17', '2025-08-03', '2025-08-04', '2025-08-05', '2025-08-06', '2025-09-15', '2025-11-02',
  '2025-12-25',
  // 2026 (1–3 and 6 April: MH's closure inferred from MF-2.0 p. 11, example 1)
  '2026-01-01', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-10',
  '2026-06-17', '2026-08-03', '2026-08-04', '2026-08-05', '2026-08-06', '2026-09-15', '2026-11-02',
  '2026-12-25',
  // 2027
  '2027-01-01', '2027-03-24', '2027-03-25', '2027-03-26', '2027-03-29', '2027-05-01', '2027-05-10',
  '2027-06-17', '2027-08-03', '2027-08-04', '2027-08-05', '2027-08-06', '2027-09-15', '2027-11-02',
  '2027-12-25',
]);

export interface BusinessCalendar {
  isBusinessDay(date: string): boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar where weekends and the listed dates (`yyyy-MM-dd`) are not business days. */
export function createBusinessCalendar(nonBusinessDays: readonly string[] = MH_DEFAULT_NON_BUSINESS_DAYS): BusinessCalendar {
  const bad = nonBusinessDays.filter((d) => !ISO_DATE.test(d));
  if (bad.length > 0) throw new RangeError(`Fechas inválidas en el calendario de días no hábiles: ${bad.join(', ')}`);
  const off = new Set(nonBusinessDays);
  return {
    isBusinessDay(date: string): boolean {
      const day = weekday(date);
      return day !== 0 && day !== 6 && !off.has(date);
    },
  };
}

/** Parses `2026-04-01,2026-04-02` (commas or whitespace). */
export function parseNonBusinessDays(text: string): string[] {
  return text.split(/[\s,;]+/).filter((s) => s !== '');
}
