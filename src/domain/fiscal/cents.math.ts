/**
 * Exact money arithmetic in integer cents for the fiscal books. Summary amounts of a DTE have at most
 * 2 decimals and record amounts are decimal strings, so converting them to integer cents by string
 * parsing is exact; sums of safe integers stay exact (the guard below throws long before 2^53, i.e.
 * 90 trillion USD). This avoids one Decimal allocation per amount on 100,000-document runs; decimal.js
 * is kept for the rare inputs that are not plain decimals (exponent notation). Rounding is half up
 * (away from zero), as MH and decimal.js ROUND_HALF_UP do.
 */
import Decimal from 'decimal.js';

export type Cents = number;

function assertSafe(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`BUG: monto fuera del rango exacto en centavos: ${value}`);
  return value;
}

/** Parses `-?digits(.digits)?` of any fraction length into cents, rounding half up. Null if not decimal. */
function parsePlainDecimal(text: string): Cents | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  const whole = Number(m[2]);
  let cents = whole * 100 + Number((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1;
  cents = assertSafe(cents);
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

/** A decimal string (API boundary) to cents, rounded half up to 2 decimals. */
export function centsFromDecimalString(text: string): Cents {
  const parsed = parsePlainDecimal(text);
  if (parsed === null) throw new Error(`BUG: no es un decimal: ${JSON.stringify(text)}`);
  return parsed;
}

/**
 * A JSON amount of a DTE (a JS number, or absent/null → 0) to cents. `String(n)` is the shortest
 * decimal that reads back as `n`, i.e. exactly what MH's JSON holds (22.6 → "22.6" → 2260).
 */
export function centsFromJson(value: unknown): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return parsePlainDecimal(value.trim()) ?? 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  // Fast exact path: k = round(n × 100) is the amount in cents exactly when k / 100 reads back as
  // n, i.e. when n is the double nearest to the 2-decimal number k/100 (every MH summary amount).
  if (value < 9e13 && value > -9e13) {
    const k = Math.round(value * 100);
    if (k / 100 === value) return k === 0 ? 0 : k;
  }
  const parsed = parsePlainDecimal(String(value));
  if (parsed !== null) return parsed;
  return assertSafe(new Decimal(value).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
}

/** Cents to a decimal string with exactly 2 decimals (`-1234` → `-12.34`, `5` → `0.05`). */
export function formatCents(cents: Cents): string {
  if (cents === 0) return '0.00';
  const negative = cents < 0;
  const abs = negative ? -cents : cents;
  const whole = Math.floor(abs / 100);
  const rest = abs - whole * 100;
  return `${negative ? '-' : ''}${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** round_half_up(a / b) for integers, b > 0, exact for safe integers. */
export function divRoundHalfUp(a: number, b: number): number {
  const negative = a < 0;
  const n = negative ? -a : a;
  let q = Math.floor(n / b);
  let r = n - q * b;
  if (r < 0) { q -= 1; r += b; }
  if (r >= b) { q += 1; r -= b; }
  if (2 * r >= b) q += 1;
  return negative ? -q : q;
}

/** `cents × numerator / denominator`, rounded half up to a cent. */
export function scaleCents(cents: Cents, numerator: number, denominator: number): Cents {
  return divRoundHalfUp(assertSafe(cents * numerator), denominator);
}

/** IVA 13 % of a net base. */
export function vat13(net: Cents): Cents {
  return scaleCents(net, 13, 100);
}

/** IVA contained in an IVA-inclusive amount (FE prices): gross × 13 / 113. */
export function vatInsideGross(gross: Cents): Cents {
  return scaleCents(gross, 13, 113);
}

/** True when two amounts differ by more than the tolerance (default 1 cent, MH's ±0.01). */
export function differsBeyond(a: Cents, b: Cents, tolerance = 1): boolean {
  return Math.abs(a - b) > tolerance;
}

/** Running sums of amount columns, keyed by column key. */
export class CentsTotals {
  private readonly sums = new Map<string, Cents>();
  constructor(readonly keys: readonly string[]) {
    for (const k of keys) this.sums.set(k, 0);
  }

  /** Adds `cents` to `key` and returns the cell text. */
  cell(key: string, cents: Cents): string {
    this.sums.set(key, assertSafe((this.sums.get(key) ?? 0) + cents));
    return formatCents(cents);
  }

  get(key: string): Cents {
    return this.sums.get(key) ?? 0;
  }

  toStrings(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of this.keys) out[k] = formatCents(this.sums.get(k) ?? 0);
    return out;
  }
}
