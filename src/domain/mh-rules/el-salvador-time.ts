/**
 * El Salvador local time (UTC−6 all year, no daylight saving time) as MH uses it: `fecEmi`/`horEmi`,
 * seals, deadlines and `fhProcesamiento` are all expressed in local dates and times. Dates are
 * `yyyy-MM-dd` strings. The one module that converts between instants and El Salvador dates and
 * times; the calendar arithmetic below works on those dates.
 */
const OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC offset of El Salvador's local time, as ISO 8601 writes it. */
export const EL_SALVADOR_UTC_OFFSET = '-06:00';

/** Local date (`yyyy-MM-dd`) and time (`HH:mm:ss`) of an instant; a RangeError for an invalid one. */
export function localDateTime(instant: Date): { date: string; time: string } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Fecha inválida');
  const iso = new Date(instant.getTime() - OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** Local calendar date of an instant (a Date or an ISO 8601 text). */
export function localDateOf(instant: Date | string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new Error(`BUG: instante inválido ${String(instant)}`);
  return localDateTime(new Date(ms)).date;
}

/** The local calendar year of an instant. */
export function localYear(instant: Date): number {
  return Number(localDateTime(instant).date.slice(0, 4));
}

/** `dd/MM/yyyy HH:mm:ss` in El Salvador time, the format of MH's `fhProcesamiento`. */
export function formatMhDateTime(instant: Date): string {
  const { date, time } = localDateTime(instant);
  return `${formatMhDate(date)} ${time}`;
}

/** MH's `dd/MM/yyyy HH:mm:ss` (El Salvador time) → the instant; null when unreadable. */
export function parseMhDateTime(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const d = instantOfLocal(`${m[3]}-${m[2]}-${m[1]}`, `${m[4]}:${m[5]}:${m[6]}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `yyyy-MM-dd` → `dd/MM/yyyy`. */
export function formatMhDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The instant of a local date and time (`HH:mm:ss`, default midnight); Invalid Date when malformed. */
export function instantOfLocal(date: string, time = '00:00:00'): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return new Date(Number.NaN);
  const t = time.length === 5 ? `${time}:00` : time;
  const d = new Date(`${date}T${t}${EL_SALVADOR_UTC_OFFSET}`);
  // Reject rolled-over dates such as 2026-02-30.
  return Number.isNaN(d.getTime()) || localDateTime(d).date !== date ? new Date(Number.NaN) : d;
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Same day-of-month `months` later, clamped to the last day of the target month (30-11 + 3 → 28-02). */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return format(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** First day of the month after the one of `date`. */
export function firstDayOfNextMonth(date: string): string {
  const [y, m] = parts(date);
  return m === 12 ? format(y + 1, 1, 1) : format(y, m + 1, 1);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
