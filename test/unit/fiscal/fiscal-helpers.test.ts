import { centsFromDecimalString, centsFromJson, divRoundHalfUp, formatCents, vat13, vatInsideGross } from '../../../src/domain/fiscal/cents.math';
import { idSlots, sanitizeText } from '../../../src/domain/fiscal/identifier-format.helpers';
import { isValidDate, isValidPeriod, localDateOf, periodOf } from '../../../src/domain/fiscal/index';

describe('periods and dates', () => {
  const periods: [string, unknown, boolean][] = [
    ['2026-03', '2026-03', true], ['month 13', '2026-13', false], ['month 00', '2026-00', false], ['one-digit month', '2026-3', false],
    ['year 0000', '0000-01', false], ['not a string', 202603, false], ['with day', '2026-03-01', false],
  ];
  it.each(periods)('isValidPeriod: %s', (_label, value, expected) => expect(isValidPeriod(value)).toBe(expected));

  const dates: [string, unknown, boolean][] = [
    ['leap day 2024', '2024-02-29', true], ['no leap day 2026', '2026-02-29', false], ['31 April', '2026-04-31', false], ['slashes', '10/03/2026', false],
  ];
  it.each(dates)('isValidDate: %s', (_label, value, expected) => expect(isValidDate(value)).toBe(expected));

  const instants: [string, string | Date, string][] = [
    ['calendar date', '2026-03-31', '2026-03'],
    ['UTC instant before midnight in El Salvador', '2026-04-01T05:59:59Z', '2026-03'],
    ['UTC instant after midnight in El Salvador', '2026-04-01T06:00:00Z', '2026-04'],
    ['offset instant', '2026-03-31T23:30:00-06:00', '2026-03'],
    ['Date object', new Date('2026-01-01T03:00:00Z'), '2025-12'],
  ];
  it.each(instants)('periodOf: %s', (_label, value, expected) => expect(periodOf(value)).toBe(expected));

  it('localDateOf is UTC−6', () => expect(localDateOf('2026-03-11T02:00:00Z')).toBe('2026-03-10'));
});

describe('integer cents', () => {
  const json: [string, unknown, number][] = [
    ['2-decimal number', 22.6, 2260], ['float that is not exact in binary', 0.07, 7], ['large', 99999999999.99, 9999999999999],
    ['negative', -1.5, -150], ['8 decimals rounds half up', 4.42477876, 442], ['half', 0.005, 1], ['null', null, 0], ['undefined', undefined, 0],
    ['exponent notation', 1e-7, 0], ['numeric string', '12.345', 1235],
  ];
  it.each(json)('centsFromJson: %s', (_label, value, expected) => expect(centsFromJson(value)).toBe(expected));

  const strings: [string, string, number][] = [
    ['integer', '100', 10000], ['one decimal', '13.0', 1300], ['8 decimals down', '1.00499999', 100], ['8 decimals up', '1.005', 101],
    ['negative half away from zero', '-0.005', -1], ['leading zeros', '0005.50', 550],
  ];
  it.each(strings)('centsFromDecimalString: %s', (_label, value, expected) => expect(centsFromDecimalString(value)).toBe(expected));

  const formats: [number, string][] = [[0, '0.00'], [5, '0.05'], [-5, '-0.05'], [123456, '1234.56'], [-100, '-1.00']];
  it.each(formats)('formatCents(%s) = %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  const vat: [string, (c: number) => number, number, number][] = [
    ['13 % of 190.00', vat13, 19000, 2470],
    ['13 % of 7.77 rounds half up', vat13, 777, 101],
    ['IVA inside 850.00 (MH: 97.79)', vatInsideGross, 85000, 9779],
    ['IVA inside 10.00', vatInsideGross, 1000, 115],
  ];
  it.each(vat)('IVA: %s', (_label, fn, cents, expected) => expect(fn(cents)).toBe(expected));

  it('divRoundHalfUp is exact near the safe-integer limit', () => {
    expect(divRoundHalfUp(9007199254740991, 100)).toBe(90071992547410);
    expect(divRoundHalfUp(-250, 100)).toBe(-3);
  });
});

describe('identifier slots and free text', () => {
  const slots: [string, Parameters<typeof idSlots>[0], boolean, { nitOrNrc: string; dui: string }][] = [
    ['14-digit NIT', { nit: '06140101901234', nrc: '123' }, true, { nitOrNrc: '06140101901234', dui: '' }],
    ['9-digit NIT is a DUI', { nit: '012345678', nrc: '123' }, true, { nitOrNrc: '', dui: '012345678' }],
    ['DUI wins over NIT', { nit: '06140101901234', dui: '01234567-8' }, true, { nitOrNrc: '', dui: '012345678' }],
    ['NRC without leading zeros', { nrc: '000123-4' }, true, { nitOrNrc: '1234', dui: '' }],
    ['NRC not accepted (agent columns)', { nrc: '1234' }, false, { nitOrNrc: '', dui: '' }],
  ];
  it.each(slots)('%s', (_label, ids, allowNrc, expected) => expect(idSlots(ids, allowNrc)).toEqual(expected));

  it('free text loses ; " and line breaks', () => {
    expect(sanitizeText(' A;B "C"\r\nD\tE  F ')).toBe('A B C D E F');
  });
});
