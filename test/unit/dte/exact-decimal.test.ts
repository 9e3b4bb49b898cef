/**
 * The exact decimal arithmetic of the amounts against decimal.js configured as the engine used it
 * before (precision 50, ROUND_HALF_UP): same strings out of every operation the engine performs.
 */
import Decimal from 'decimal.js';
import { ExactDecimal } from '../../../src/domain/dte/amounts/exact-decimal';

const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
const E = (v: string) => ExactDecimal.of(v);

/** Deterministic pseudo-random decimal strings: up to 11 integer digits, up to 9 decimals, some negative. */
function decimalStrings(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const special = ['0', '-0', '0.005', '-0.005', '0.015', '2.675', '1.13', '0.13', '113', '100.00', '-0.0000001', '0.00000000', '99999999999.99999999'];
  return Array.from({ length: count }, () => {
    if (next() < 0.1) return special[Math.floor(next() * special.length)];
    const whole = Math.floor(next() * 10 ** Math.floor(next() * 12)).toString();
    const places = Math.floor(next() * 10);
    const fraction = Array.from({ length: places }, () => Math.floor(next() * 10)).join('');
    return `${next() < 0.3 ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
  });
}

describe('ExactDecimal', () => {
  it.each([
    ['1.50', '1.5', '1.50'],
    ['-0', '0', '0.00'],
    ['-0.004', '-0.004', '-0.00'],
    ['0.005', '0.005', '0.01'],
    ['-0.005', '-0.005', '-0.01'],
    ['2.675', '2.675', '2.68'],
    ['00012.3400', '12.34', '12.34'],
    ['1e2', '100', '100.00'],
    ['.5', '0.5', '0.50'],
  ])('%s → toFixed() %s, toFixed(2) %s (decimal.js formatting)', (input, plain, two) => {
    expect(E(input).toFixed()).toBe(plain);
    expect(E(input).toFixed(2)).toBe(two);
    expect(new Dec(input).toFixed()).toBe(plain);
    expect(new Dec(input).toFixed(2)).toBe(two);
  });

  it('rejects what decimal.js rejects, with its message', () => {
    expect(() => E('abc')).toThrow('[DecimalError] Invalid argument: abc');
    expect(() => E('1.2.3')).toThrow('[DecimalError] Invalid argument');
  });

  it('rounds half away from zero (MH half up), also when dividing', () => {
    expect(E('2.5').round(0).toFixed()).toBe('3');
    expect(E('-2.5').round(0).toFixed()).toBe('-3');
    expect(E('1').divRound(E('8'), 2).toFixed()).toBe('0.13');
    expect(E('-1').divRound(E('8'), 2).toFixed()).toBe('-0.13');
    expect(E('1').divRound(E('-8'), 2).toFixed()).toBe('-0.13');
    expect(E('15').times(E('0.13')).divRound(E('1.13'), 8).toFixed()).toBe('1.72566372');
    expect(() => E('1').divRound(E('0'), 2)).toThrow(RangeError);
  });

  it('matches decimal.js on the operations of the amount engine', () => {
    const values = decimalStrings(6000, 20261123);
    const mismatches: string[] = [];
    for (let i = 0; i + 1 < values.length; i += 1) {
      const [a, b] = [values[i], values[i + 1]];
      const [ea, eb, da, db] = [E(a), E(b), new Dec(a), new Dec(b)];
      const pairs: [string, string, string][] = [
        ['plus', ea.plus(eb).toFixed(), da.plus(db).toFixed()],
        ['minus', ea.minus(eb).toFixed(), da.minus(db).toFixed()],
        ['round8(times)', ea.times(eb).round(8).toFixed(), da.times(db).toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed()],
        ['toFixed(2)', ea.toFixed(2), da.toFixed(2)],
        ['cmp', String(ea.cmp(eb)), String(da.cmp(db))],
        ['abs', ea.abs().toFixed(), da.abs().toFixed()],
        ['FE ivaItem', ea.times(E('0.13')).divRound(E('1.13'), 8).toFixed(), da.times('0.13').div('1.13').toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed()],
        ['1 % of base/1.13', ea.times(E('0.01')).divRound(E('1.13'), 2).toFixed(2), da.div('1.13').times('0.01').toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2)],
        ['FE totalIva', ea.times(E('1.13')).minus(eb.times(E('0.13'))).divRound(E('1.13'), 2).toFixed(),
          da.minus(db.times('0.13').div('1.13')).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed()],
      ];
      if (!db.isZero()) {
        pairs.push(['percentage', ea.times(E('100')).divRound(eb, 2).toFixed(), da.div(db).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed()]);
      }
      for (const [op, exact, reference] of pairs) if (exact !== reference) mismatches.push(`${op}(${a}, ${b}): ${exact} ≠ ${reference}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('matches decimal.js on quotients that land exactly on a tie', () => {
    const mismatches: string[] = [];
    for (let twos = 0; twos < 10; twos += 1) {
      for (let fives = 0; fives < 10; fives += 1) {
        const total = new Dec(2).pow(twos).times(new Dec(5).pow(fives)).div(100);
        for (let cents = 1; cents < 200; cents += 7) {
          const discount = new Dec(cents).div(100);
          if (discount.gt(total)) continue;
          const exact = E(discount.toFixed()).times(E('100')).divRound(E(total.toFixed()), 2).toFixed(2);
          const reference = discount.div(total).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
          if (exact !== reference) mismatches.push(`${discount.toFixed()} / ${total.toFixed()}: ${exact} ≠ ${reference}`);
        }
      }
    }
    // FE: Σ ivaItem − descuGravada × 0.13/1.13 with discounts that are multiples of 1.13 (exact quotients).
    for (let k = 1; k < 2000; k += 1) {
      const discount = new Dec(113 * k).div(100);
      const ivaItems = new Dec(k).div(200000);
      const exact = E(ivaItems.toFixed()).times(E('1.13')).minus(E(discount.toFixed()).times(E('0.13'))).divRound(E('1.13'), 2).toFixed(2);
      const reference = ivaItems.minus(discount.times('0.13').div('1.13')).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
      if (exact !== reference) mismatches.push(`FE ${ivaItems.toFixed()} − ${discount.toFixed()}: ${exact} ≠ ${reference}`);
    }
    expect(mismatches).toEqual([]);
  });
});
