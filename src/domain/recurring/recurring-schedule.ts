import { addDays, daysInMonth, weekday } from '../mh-rules/el-salvador-time';

/**
 * When a recurring document is issued: monthly on a day of the month (31 means the month's last day:
 * clamped to 28/29/30), or weekly on an ISO weekday (1 Monday … 7 Sunday). Dates are El Salvador
 * calendar dates (`yyyy-MM-dd`, see el-salvador-time): an occurrence is due from 00:00 local time.
 */
export type RecurringSchedule = { frequency: 'monthly'; dayOfMonth: number } | { frequency: 'weekly'; weekday: number };

/** A schedule with its bounds: the first occurrence is on or after `startsOn`; none after `endsOn` nor beyond `count`. */
export interface RecurringRule {
  schedule: RecurringSchedule;
  startsOn: string;
  endsOn: string | null;
  count: number | null;
}

function monthlyOnOrAfter(day: number, date: string): string {
  let y = Number(date.slice(0, 4));
  let m = Number(date.slice(5, 7));
  for (;;) {
    const d = Math.min(day, daysInMonth(y, m));
    const candidate = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (candidate >= date) return candidate;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return ((weekday(date) + 6) % 7) + 1;
}

/** The first date of the schedule on or after `date`. */
export function occurrenceOnOrAfter(schedule: RecurringSchedule, date: string): string {
  if (schedule.frequency === 'monthly') return monthlyOnOrAfter(schedule.dayOfMonth, date);
  return addDays(date, (schedule.weekday - isoWeekday(date) + 7) % 7);
}

/** The first date of the schedule strictly after `date`. */
export function occurrenceAfter(schedule: RecurringSchedule, date: string): string {
  return occurrenceOnOrAfter(schedule, addDays(date, 1));
}

/**
 * The next occurrence to issue, or null when the rule is exhausted: the first one on or after
 * `startsOn` while none was planned yet, else the one after `last`; null past `endsOn` or once
 * `planned` occurrences reached `count`.
 */
export function nextOccurrence(rule: RecurringRule, last: string | null, planned: number): string | null {
  if (rule.count !== null && planned >= rule.count) return null;
  const candidate = last === null ? occurrenceOnOrAfter(rule.schedule, rule.startsOn) : occurrenceAfter(rule.schedule, last);
  if (rule.endsOn !== null && candidate > rule.endsOn) return null;
  return candidate;
}

/** The first `n` occurrences of a rule (fewer when it ends before): what the panel previews. */
export function firstOccurrences(rule: RecurringRule, n: number): string[] {
  const out: string[] = [];
  let last: string | null = null;
  while (out.length < n) {
    const next = nextOccurrence(rule, last, out.length);
    if (next === null) break;
    out.push(next);
    last = next;
  }
  return out;
}

/** Occurrence dates from `from` (the stored next run) up to `today` included, as the job claims them one by one. */
export function dueOccurrences(rule: RecurringRule, from: string | null, planned: number, today: string): string[] {
  const out: string[] = [];
  let next = from;
  let n = planned;
  while (next !== null && next <= today) {
    out.push(next);
    n++;
    next = nextOccurrence(rule, next, n);
  }
  return out;
}

export interface RuleError {
  path: string;
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/**
 * The rule's own checks (Spanish messages, camelCase paths as every FieldError): a real schedule, `starts_on` not
 * before today in El Salvador, `ends_on` not before `starts_on`, `count` 1–1000, and at least one
 * occurrence inside the bounds.
 */
export function checkRule(rule: RecurringRule, today: string): RuleError[] {
  const errors: RuleError[] = [];
  const s = rule.schedule;
  if (s.frequency === 'monthly') {
    if (!Number.isInteger(s.dayOfMonth) || s.dayOfMonth < 1 || s.dayOfMonth > 31) {
      errors.push({ path: 'schedule.dayOfMonth', message: 'El día del mes va de 1 a 31 (29, 30 y 31 se ajustan al último día de los meses más cortos).' });
    }
  } else if (!Number.isInteger(s.weekday) || s.weekday < 1 || s.weekday > 7) {
    errors.push({ path: 'schedule.weekday', message: 'El día de la semana va de 1 (lunes) a 7 (domingo).' });
  }
  if (!isDate(rule.startsOn)) errors.push({ path: 'startsOn', message: 'La fecha de inicio es una fecha yyyy-MM-dd.' });
  else if (rule.startsOn < today) errors.push({ path: 'startsOn', message: `La fecha de inicio no puede ser anterior a hoy (${today}, hora de El Salvador).` });
  if (rule.endsOn !== null) {
    if (!isDate(rule.endsOn)) errors.push({ path: 'endsOn', message: 'La fecha de fin es una fecha yyyy-MM-dd.' });
    else if (isDate(rule.startsOn) && rule.endsOn < rule.startsOn) errors.push({ path: 'endsOn', message: 'La fecha de fin no puede ser anterior a la de inicio.' });
  }
  if (rule.count !== null && (!Number.isInteger(rule.count) || rule.count < 1 || rule.count > 1000)) {
    errors.push({ path: 'count', message: 'La cantidad de emisiones va de 1 a 1000.' });
  }
  if (!errors.length && nextOccurrence(rule, null, 0) === null) {
    errors.push({ path: 'endsOn', message: 'Entre la fecha de inicio y la de fin no cae ninguna emisión de esta periodicidad.' });
  }
  return errors;
}

/** The external id of one occurrence's document: the template's own (or the recurring document's id) and the date. */
export function occurrenceExternalId(base: string, occurrenceOn: string): string {
  return `${base.slice(0, 255 - 11)}-${occurrenceOn}`;
}

/** The Idempotency-Key one occurrence is issued under: the same for every attempt, so it is issued once. */
export function occurrenceIdempotencyKey(recurringId: string, occurrenceOn: string): string {
  return `recurring:${recurringId}:${occurrenceOn}`;
}

/**
 * The next run after a pause: the occurrences that fell while paused are skipped (never issued
 * late); the first one from today on, within the rule's bounds, or null when none is left.
 */
export function nextRunAfterResume(rule: RecurringRule, nextRunOn: string | null, planned: number, today: string): string | null {
  if (rule.count !== null && planned >= rule.count) return null;
  const from = nextRunOn !== null && nextRunOn > today ? nextRunOn : today > rule.startsOn ? today : rule.startsOn;
  const candidate = occurrenceOnOrAfter(rule.schedule, from);
  if (rule.endsOn !== null && candidate > rule.endsOn) return null;
  return candidate;
}
