/**
 * Decimal arithmetic for DTE amounts: exact scaled integers (exact-decimal.ts), never JS numbers.
 * MH's rounding rule is round half up: items to 8 decimals, summary (resumen) to 2 decimals.
 */
import { ExactDecimal } from './exact-decimal';

export type Dec = ExactDecimal;

export const ZERO = ExactDecimal.ZERO;
export const ONE = ExactDecimal.of('1');
export const HUNDRED = ExactDecimal.of('100');
export const IVA_RATE = ExactDecimal.of('0.13');
export const IVA_FACTOR = ExactDecimal.of('1.13');
export const ONE_PERCENT = ExactDecimal.of('0.01');
/** Every MH amount must stay below 100,000,000,000 (schemas' `exclusiveMaximum`). */
export const MH_AMOUNT_LIMIT = ExactDecimal.of('100000000000');

export function dec(value: string | undefined | null): Dec {
  return value === undefined || value === null ? ZERO : ExactDecimal.of(value);
}

/** Rounds to the 8 decimals of MH's item fields (half up). */
export function round8(value: Dec): Dec {
  return value.round(8);
}

/** Rounds to the 2 decimals of MH's summary fields (half up). */
export function round2(value: Dec): Dec {
  return value.round(2);
}

/** Summary amount as a string with exactly 2 decimals. */
export function fixed2(value: Dec): string {
  return value.round(2).toFixed(2);
}

/** Item amount as computed: at most 8 decimals, no exponent, no trailing zeros. */
export function upTo8(value: Dec): string {
  return value.round(8).toFixed();
}

export function sum(values: readonly Dec[]): Dec {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
