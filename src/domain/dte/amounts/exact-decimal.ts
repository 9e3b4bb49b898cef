/**
 * Exact decimal numbers for DTE amounts: an integer (bigint) and a number of decimal places,
 * `value = units / 10^scale`. Sums, differences and products are exact (no precision limit); the
 * only division, `divRound`, rounds the exact quotient. Rounding is MH's half up: ties away from
 * zero, as decimal.js's ROUND_HALF_UP. `toFixed` formats as decimal.js does (no exponent; without
 * places, no trailing zeros; a value that rounds to zero keeps its minus sign).
 *
 * A quotient rounded here equals decimal.js's 50-digit quotient rounded the same way: a tie is only
 * possible when the quotient terminates within a few digits (then decimal.js holds it exactly), and
 * otherwise the quotient stays far further from a tie than 50 digits can blur.
 */
import Decimal from 'decimal.js';

const POW10: bigint[] = [1n];

function pow10(n: number): bigint {
  while (POW10.length <= n) POW10.push(POW10[POW10.length - 1] * 10n);
  return POW10[n];
}

/** `numerator / denominator` (denominator > 0) rounded half away from zero. */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const r = numerator - q * denominator;
  if ((r < 0n ? -r : r) * 2n < denominator) return q;
  return numerator < 0n ? q - 1n : q + 1n;
}

const CANONICAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export class ExactDecimal {
  static readonly ZERO = new ExactDecimal(0n, 0);

  private constructor(readonly units: bigint, readonly scale: number) {}

  /** Parses a decimal string; other forms decimal.js accepts (`1e2`, `.5`) go through decimal.js, which also rejects garbage. */
  static of(value: string): ExactDecimal {
    const m = CANONICAL.exec(value) ?? CANONICAL.exec(new Decimal(value).toFixed());
    if (!m) throw new RangeError(`[DecimalError] Invalid argument: ${value}`);
    const fraction = m[3] ?? '';
    const units = BigInt(m[2] + fraction);
    return new ExactDecimal(m[1] ? -units : units, fraction.length);
  }

  static max(first: ExactDecimal, ...rest: ExactDecimal[]): ExactDecimal {
    return rest.reduce((acc, v) => (v.gt(acc) ? v : acc), first);
  }

  /** Units at a scale ≥ this one. */
  private unitsAt(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }

  plus(other: ExactDecimal): ExactDecimal {
    const scale = Math.max(this.scale, other.scale);
    return new ExactDecimal(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  minus(other: ExactDecimal): ExactDecimal {
    const scale = Math.max(this.scale, other.scale);
    return new ExactDecimal(this.unitsAt(scale) - other.unitsAt(scale), scale);
  }

  times(other: ExactDecimal): ExactDecimal {
    return new ExactDecimal(this.units * other.units, this.scale + other.scale);
  }

  abs(): ExactDecimal {
    return this.units < 0n ? new ExactDecimal(-this.units, this.scale) : this;
  }

  /** Rounded half up to `places` decimals (unchanged when it has no more). */
  round(places: number): ExactDecimal {
    if (this.scale <= places) return this;
    return new ExactDecimal(divHalfUp(this.units, pow10(this.scale - places)), places);
  }

  /** The exact quotient `this / divisor` rounded half up to `places` decimals. */
  divRound(divisor: ExactDecimal, places: number): ExactDecimal {
    if (divisor.units === 0n) throw new RangeError('[DecimalError] Division by zero');
    // (a / 10^sa) / (b / 10^sb) × 10^places = a × 10^(sb + places) / (b × 10^sa)
    let numerator = this.units * pow10(divisor.scale + places);
    let denominator = divisor.units * pow10(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    return new ExactDecimal(divHalfUp(numerator, denominator), places);
  }

  cmp(other: ExactDecimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.unitsAt(scale);
    const b = other.unitsAt(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: ExactDecimal): boolean {
    return this.cmp(other) === 0;
  }

  gt(other: ExactDecimal): boolean {
    return this.cmp(other) > 0;
  }

  gte(other: ExactDecimal): boolean {
    return this.cmp(other) >= 0;
  }

  lt(other: ExactDecimal): boolean {
    return this.cmp(other) < 0;
  }

  lte(other: ExactDecimal): boolean {
    return this.cmp(other) <= 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Plain notation; with `places`, rounded half up and padded to exactly that many decimals. */
  toFixed(places?: number): string {
    if (places === undefined) return format(this.units, this.scale, true);
    const rounded = this.round(places);
    const text = format(rounded.unitsAt(places), places, false);
    return this.units < 0n && rounded.units === 0n ? `-${text}` : text;
  }

  toString(): string {
    return this.toFixed();
  }
}

function format(units: bigint, scale: number, trimZeros: boolean): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString();
  if (scale === 0) return sign + digits;
  const padded = digits.length > scale ? digits : '0'.repeat(scale - digits.length + 1) + digits;
  const whole = padded.slice(0, padded.length - scale);
  let fraction = padded.slice(padded.length - scale);
  if (trimZeros) {
    let end = fraction.length;
    while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
    fraction = fraction.slice(0, end);
  }
  return fraction ? `${sign}${whole}.${fraction}` : sign + whole;
}
