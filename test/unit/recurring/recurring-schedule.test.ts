import {
  checkRule,
  dueOccurrences,
  firstOccurrences,
  nextOccurrence,
  nextRunAfterResume,
  occurrenceExternalId,
  occurrenceOnOrAfter,
  type RecurringRule,
} from '../../../src/domain/recurring/recurring-schedule';
import { localDateOf } from '../../../src/domain/mh-rules/el-salvador-time';

const monthly = (dayOfMonth: number, startsOn: string, extra: Partial<RecurringRule> = {}): RecurringRule => ({ schedule: { frequency: 'monthly', dayOfMonth }, startsOn, endsOn: null, count: null, ...extra });
const weekly = (weekday: number, startsOn: string, extra: Partial<RecurringRule> = {}): RecurringRule => ({ schedule: { frequency: 'weekly', weekday }, startsOn, endsOn: null, count: null, ...extra });

describe('recurring schedule: occurrences', () => {
  it.each<[string, RecurringRule, number, string[]]>([
    ['monthly 31 clamps to February 28 and April 30 (2026, not a leap year)', monthly(31, '2026-01-01'), 5, ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']],
    ['monthly 31 clamps to February 29 in a leap year (2028)', monthly(31, '2028-01-15'), 3, ['2028-01-31', '2028-02-29', '2028-03-31']],
    ['monthly 30 in February of a leap year and back to the 30th', monthly(30, '2028-02-01'), 3, ['2028-02-29', '2028-03-30', '2028-04-30']],
    ['monthly 29 outside a leap year (2027)', monthly(29, '2027-02-01'), 2, ['2027-02-28', '2027-03-29']],
    ['monthly 1, starting that very day', monthly(1, '2026-12-01'), 3, ['2026-12-01', '2027-01-01', '2027-02-01']],
    ['monthly 5, starting after the 5th: next month, across the year end', monthly(5, '2026-12-06'), 2, ['2027-01-05', '2027-02-05']],
    ['monthly 31 started on December 31', monthly(31, '2026-12-31'), 3, ['2026-12-31', '2027-01-31', '2027-02-28']],
    ['weekly on Monday from a Wednesday (2026-12-02)', weekly(1, '2026-12-02'), 3, ['2026-12-07', '2026-12-14', '2026-12-21']],
    ['weekly on Wednesday starting that Wednesday', weekly(3, '2026-12-02'), 2, ['2026-12-02', '2026-12-09']],
    ['weekly on Sunday across the year end', weekly(7, '2026-12-25'), 3, ['2026-12-27', '2027-01-03', '2027-01-10']],
    ['ends_on cuts the list (inclusive)', monthly(15, '2026-12-01', { endsOn: '2027-02-15' }), 10, ['2026-12-15', '2027-01-15', '2027-02-15']],
    ['ends_on the day before an occurrence excludes it', weekly(5, '2026-12-01', { endsOn: '2026-12-10' }), 10, ['2026-12-04']],
    ['count stops after that many', monthly(31, '2026-12-01', { count: 2 }), 10, ['2026-12-31', '2027-01-31']],
    ['count and ends_on: whichever comes first', weekly(1, '2026-12-01', { count: 5, endsOn: '2026-12-21' }), 10, ['2026-12-07', '2026-12-14', '2026-12-21']],
  ])('%s', (_label, rule, n, expected) => {
    expect(firstOccurrences(rule, n)).toEqual(expected);
  });

  it.each<[string, RecurringRule, string | null, number, string | null]>([
    ['first: on or after starts_on', monthly(10, '2026-12-10'), null, 0, '2026-12-10'],
    ['after the last one', monthly(10, '2026-12-10'), '2026-12-10', 1, '2027-01-10'],
    ['exhausted by count', monthly(10, '2026-12-10', { count: 1 }), '2026-12-10', 1, null],
    ['exhausted by ends_on', monthly(10, '2026-12-10', { endsOn: '2027-01-09' }), '2026-12-10', 1, null],
  ])('next occurrence: %s', (_label, rule, last, planned, expected) => {
    expect(nextOccurrence(rule, last, planned)).toBe(expected);
  });

  it.each<[string, RecurringRule, string | null, number, string, string[]]>([
    ['nothing due before the first date', monthly(5, '2026-12-01'), '2026-12-05', 0, '2026-12-04', []],
    ['due on its very day', monthly(5, '2026-12-01'), '2026-12-05', 0, '2026-12-05', ['2026-12-05']],
    ['a service down for weeks catches up each missed week, once', weekly(1, '2026-12-01'), '2026-12-07', 0, '2026-12-23', ['2026-12-07', '2026-12-14', '2026-12-21']],
    ['catch-up still honours count', weekly(1, '2026-12-01', { count: 2 }), '2026-12-07', 0, '2026-12-31', ['2026-12-07', '2026-12-14']],
    ['nothing once exhausted', weekly(1, '2026-12-01'), null, 4, '2027-12-31', []],
  ])('due occurrences: %s', (_label, rule, from, planned, today, expected) => {
    expect(dueOccurrences(rule, from, planned, today)).toEqual(expected);
  });

  it.each<[string, string, string]>([
    ['05:59:59Z on the 5th is still the 4th in El Salvador', '2026-12-05T05:59:59Z', '2026-12-04'],
    ['06:00:00Z on the 5th is 00:00 of the 5th in El Salvador', '2026-12-05T06:00:00Z', '2026-12-05'],
    ['23:30 local on December 31 (05:30Z on January 1)', '2027-01-01T05:30:00Z', '2026-12-31'],
  ])('El Salvador date of the clock: %s', (_label, instant, expected) => {
    const today = localDateOf(new Date(instant));
    expect(today).toBe(expected);
    // An occurrence on the 5th is due only from local midnight.
    expect(dueOccurrences(monthly(5, '2026-12-01'), '2026-12-05', 0, today).length).toBe(today >= '2026-12-05' ? 1 : 0);
  });

  it('a monthly schedule from a date past its day moves to the next month', () => {
    expect(occurrenceOnOrAfter({ frequency: 'monthly', dayOfMonth: 3 }, '2027-02-04')).toBe('2027-03-03');
  });
});

describe('recurring schedule: checks', () => {
  it.each<[string, RecurringRule, string, { path: string }[]]>([
    ['a valid monthly rule', monthly(31, '2026-12-02'), '2026-12-02', []],
    ['day 0', monthly(0, '2026-12-02'), '2026-12-02', [{ path: 'schedule.dayOfMonth' }]],
    ['day 32', monthly(32, '2026-12-02'), '2026-12-02', [{ path: 'schedule.dayOfMonth' }]],
    ['weekday 8', weekly(8, '2026-12-02'), '2026-12-02', [{ path: 'schedule.weekday' }]],
    ['starts yesterday in El Salvador', monthly(5, '2026-12-01'), '2026-12-02', [{ path: 'startsOn' }]],
    ['an impossible date', monthly(5, '2026-02-30'), '2026-01-01', [{ path: 'startsOn' }]],
    ['ends before it starts', monthly(5, '2026-12-10', { endsOn: '2026-12-09' }), '2026-12-02', [{ path: 'endsOn' }]],
    ['no occurrence between the bounds', monthly(5, '2026-12-10', { endsOn: '2027-01-04' }), '2026-12-02', [{ path: 'endsOn' }]],
    ['count 0', monthly(5, '2026-12-10', { count: 0 }), '2026-12-02', [{ path: 'count' }]],
    ['count 1001', monthly(5, '2026-12-10', { count: 1001 }), '2026-12-02', [{ path: 'count' }]],
  ])('%s', (_label, rule, today, expected) => {
    expect(checkRule(rule, today).map((e) => ({ path: e.path }))).toEqual(expected);
  });

  it('the external id of an occurrence names its date and stays within 255 characters', () => {
    expect(occurrenceExternalId('SUSCRIPCION-42', '2026-12-05')).toBe('SUSCRIPCION-42-2026-12-05');
    expect(occurrenceExternalId('x'.repeat(255), '2026-12-05')).toHaveLength(255);
  });
});

describe('recurring schedule: resume', () => {
  it.each<[string, RecurringRule, string | null, number, string, string | null]>([
    ['skips what fell while paused', weekly(1, '2026-12-01'), '2026-12-07', 1, '2026-12-16', '2026-12-21'],
    ['today itself when it is an occurrence', weekly(3, '2026-12-01'), '2026-12-02', 0, '2026-12-16', '2026-12-16'],
    ['a future next run stays', monthly(31, '2026-12-01'), '2027-01-31', 1, '2026-12-20', '2027-01-31'],
    ['not before starts_on', monthly(10, '2027-03-01'), '2027-03-10', 0, '2026-12-20', '2027-03-10'],
    ['nothing left before ends_on', weekly(1, '2026-12-01', { endsOn: '2026-12-20' }), '2026-12-07', 1, '2026-12-16', null],
    ['count reached', weekly(1, '2026-12-01', { count: 1 }), null, 1, '2026-12-16', null],
  ])('%s', (_label, rule, nextRunOn, planned, today, expected) => {
    expect(nextRunAfterResume(rule, nextRunOn, planned, today)).toBe(expected);
  });
});
