/** MH's published invalidation deadlines (MH-2026-RULES §1.1, MF-2.0 pp. 11–12) and event dates (§1.2). */
import { MH_DEFAULT_NON_BUSINESS_DAYS, createBusinessCalendar } from '../../../src/domain/mh-rules/business-calendar';
import { instantOfLocal } from '../../../src/domain/mh-rules/el-salvador-time';
import {
  allowedEventDates, invalidationDeadline, isWithinDeadline, tenthBusinessDayOfNextMonth, type InvalidationRegime,
} from '../../../src/domain/mh-rules/invalidation-deadline';

const mhCalendar = createBusinessCalendar();
const TEN_DAY_TYPES = ['03', '04', '05', '06', '07', '08', '09', '15'];
const THREE_MONTH_TYPES = ['01', '11', '14'];

function lastDay(tipoDte: string, sealedLocal: string, regime: InvalidationRegime = 'MF-2.0', calendar = mhCalendar): string {
  const [date, time] = sealedLocal.split(' ');
  return invalidationDeadline({ tipoDte, sealedAt: instantOfLocal(date, time ?? '12:00:00'), regime, calendar }).lastDay;
}

describe('invalidation deadline — MH-2026-RULES §1.1 published examples (MF-2.0, default calendar)', () => {
  const tenthBusinessDay: [string, string, string][] = [
    ['Ej. 1: CCFE sealed 19-03-2026 07:30', '2026-03-19 07:30:00', '2026-04-20'],
    ['Ej. 2: CCFE sealed 25-04-2026 00:30', '2026-04-25 00:30:00', '2026-05-15'],
    ['p.12: generated and transmitted 09-03-2026', '2026-03-09', '2026-04-20'],
    ['p.12: generated 10-03-2026, transmitted 09-03-2026', '2026-03-09', '2026-04-20'],
    ['p.12: different periods, transmitted 15-04-2026', '2026-04-15', '2026-05-15'],
    ['p.12: same period, late transmission 31-10-2025', '2025-10-31', '2025-11-14'],
  ];
  for (const [label, sealed, expected] of tenthBusinessDay) {
    for (const type of TEN_DAY_TYPES) {
      it(`${label} — tipoDte ${type} → ${expected}`, () => {
        expect(lastDay(type, sealed)).toBe(expected);
      });
    }
  }

  const threeMonths: [string, string, string][] = [
    ['FE sealed 11-11-2025 07:30', '2025-11-11 07:30:00', '2026-02-11'],
    ['same day 09-10-2025', '2025-10-09', '2026-01-09'],
    ['different periods, sealed 25-11-2025', '2025-11-25', '2026-02-25'],
    ['same period, sealed 30-11-2025 (month-end clamp)', '2025-11-30', '2026-02-28'],
  ];
  for (const [label, sealed, expected] of threeMonths) {
    for (const type of THREE_MONTH_TYPES) {
      it(`${label} — tipoDte ${type} → ${expected}`, () => {
        expect(lastDay(type, sealed)).toBe(expected);
      });
    }
  }
});

describe('invalidation deadline — MF-1.2 regime', () => {
  it.each([
    ['CCF sealed 19-03-2026 → next day', '03', '2026-03-19 07:30:00', '2026-03-20'],
    ['NC sealed 31-12-2025 → 01-01-2026 (calendar day, not business day)', '05', '2025-12-31', '2026-01-01'],
    ['FE sealed 30-11-2025 → 28-02-2026 (month-end clamp, same as MF-2.0)', '01', '2025-11-30', '2026-02-28'],
    ['FE sealed 31-08-2026 → 30-11-2026 (clamp)', '01', '2026-08-31', '2026-11-30'],
    ['FSE sealed 30-11-2027 → 29-02-2028 (leap-year clamp)', '14', '2027-11-30', '2028-02-29'],
  ])('%s', (_label, type, sealed, expected) => {
    expect(lastDay(type, sealed, 'MF-1.2')).toBe(expected);
  });
});

describe('business-day calendar', () => {
  it('a plain holiday calendar (Holy Thursday and Friday only) gives 16-04-2026, not MH\'s 20-04-2026', () => {
    expect(tenthBusinessDayOfNextMonth('2026-03-19', createBusinessCalendar(['2026-04-02', '2026-04-03']))).toBe('2026-04-16');
  });
  it('the whole Holy Week off gives 17-04-2026', () => {
    expect(tenthBusinessDayOfNextMonth('2026-03-19', createBusinessCalendar(['2026-04-01', '2026-04-02', '2026-04-03']))).toBe('2026-04-17');
  });
  it('the default list (MH\'s inferred closure 1–3 and 6 April 2026) gives MH\'s 20-04-2026', () => {
    expect(MH_DEFAULT_NON_BUSINESS_DAYS).toEqual(expect.arrayContaining(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-06']));
    expect(tenthBusinessDayOfNextMonth('2026-03-19', mhCalendar)).toBe('2026-04-20');
  });
  it('weekends are never business days', () => {
    expect(mhCalendar.isBusinessDay('2026-04-18')).toBe(false);
    expect(mhCalendar.isBusinessDay('2026-04-19')).toBe(false);
    expect(mhCalendar.isBusinessDay('2026-04-20')).toBe(true);
  });
  it('refuses malformed dates', () => {
    expect(() => createBusinessCalendar(['20-04-2026'])).toThrow('20-04-2026');
  });
});

describe('deadline boundaries in El Salvador time', () => {
  const deadline = invalidationDeadline({ tipoDte: '03', sealedAt: instantOfLocal('2026-03-19', '07:30:00'), regime: 'MF-2.0', calendar: mhCalendar });
  it('23:59:59 of the last day is in time', () => {
    expect(isWithinDeadline(deadline, instantOfLocal('2026-04-20', '23:59:59'))).toBe(true);
  });
  it('00:00:00 of the next day is late', () => {
    expect(isWithinDeadline(deadline, instantOfLocal('2026-04-21', '00:00:00'))).toBe(false);
    expect(deadline.endsAt.toISOString()).toBe('2026-04-21T06:00:00.000Z');
  });
  it('the seal\'s month is the local one: 31-03 23:30 local (01-04 UTC) still counts as March', () => {
    expect(invalidationDeadline({ tipoDte: '03', sealedAt: new Date('2026-04-01T05:30:00Z'), regime: 'MF-2.0', calendar: mhCalendar }).lastDay).toBe('2026-04-20');
    expect(invalidationDeadline({ tipoDte: '03', sealedAt: new Date('2026-04-01T06:30:00Z'), regime: 'MF-2.0', calendar: mhCalendar }).lastDay).toBe('2026-05-15');
  });
});

describe('event date (identificacion.fecEmi) — §1.2', () => {
  it.each([
    ['CCF generated 29-03-2026 (MF-2.0): exactly that date', '03', '2026-03-29', 'MF-2.0', { from: '2026-03-29', to: '2026-03-29' }],
    ['NC generated 29-03-2026 (MF-1.2): up to one day after', '05', '2026-03-29', 'MF-1.2', { from: '2026-03-29', to: '2026-03-30' }],
    ['FE generated 09-01-2026: up to 09-04-2026', '01', '2026-01-09', 'MF-2.0', { from: '2026-01-09', to: '2026-04-09' }],
    ['FE generated 30-11-2025: up to 28-02-2026', '01', '2025-11-30', 'MF-2.0', { from: '2025-11-30', to: '2026-02-28' }],
  ] as const)('%s', (_label, type, fecEmi, regime, expected) => {
    expect(allowedEventDates(type, fecEmi, regime)).toEqual(expected);
  });
});
