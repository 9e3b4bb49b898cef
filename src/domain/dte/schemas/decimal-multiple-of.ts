/**
 * Decimal-safe replacement for JSON Schema's `multipleOf`.
 *
 * Ajv checks `multipleOf` by float division, which wrongly rejects real MH amounts such as
 * 4.42477876 with a step of 1e-8 (and even `multipleOfPrecision` does). MH's steps are powers of
 * ten (0.01, 0.00000001), so a value is a multiple of the step exactly when its shortest decimal
 * representation has no more decimal places than the step. Other steps fall back to exact decimal
 * arithmetic on the same representations.
 */
import Ajv, { _, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import Decimal from 'decimal.js';

/** Custom keyword that takes the place of `multipleOf` in compiled copies of the official schemas. */
export const DECIMAL_MULTIPLE_OF = 'decimalMultipleOf';

/** Number of decimal places of the shortest representation of a finite number (`1e-8` → 8). */
export function decimalPlaces(value: number): number {
  if (Number.isInteger(value)) return 0;
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  const text = String(value);
  const e = text.indexOf('e');
  const mantissaEnd = e === -1 ? text.length : e;
  const dot = text.indexOf('.');
  const fraction = dot === -1 || dot > mantissaEnd ? 0 : mantissaEnd - dot - 1;
  return Math.max(0, fraction - (e === -1 ? 0 : Number(text.slice(e + 1))));
}

/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_unused, i) => Number(`1e${i}`));

/**
 * `decimalPlaces(value) <= places`, without building the string in the common case. When
 * |value × 10^places| < 10^15, with M = Math.round(value × 10^places):
 *   - if the shortest representation d has at most `places` decimals, value × 10^places is within
 *     0.2 of d × 10^places, so M is that integer and M / 10^places (a correctly rounded division)
 *     is value again;
 *   - if M / 10^places is value, value is the double nearest a decimal of at most 15 significant
 *     digits and `places` decimals, and such a decimal is (or is as long as) its shortest form.
 * Larger scaled values take the string route.
 */
export function hasAtMostDecimalPlaces(value: number, places: number): boolean {
  if (Number.isInteger(value)) return true;
  const scale = EXACT_POWERS_OF_TEN[places];
  if (scale !== undefined) {
    const scaled = value * scale;
    if (Math.abs(scaled) < 1e15) return Math.round(scaled) / scale === value;
  }
  return decimalPlaces(value) <= places;
}

/** Decimal places of a power-of-ten step (0.01 → 2, 1e-8 → 8, 1 → 0), or null for other steps. */
export function powerOfTenPlaces(step: number): number | null {
  if (!(step > 0) || !Number.isFinite(step)) return null;
  const d = new Decimal(String(step));
  const places = d.decimalPlaces();
  return d.eq(new Decimal(10).pow(-places)) ? places : null;
}

/** True when `value` is an exact decimal multiple of `step`. */
export function isDecimalMultipleOf(value: number, step: number): boolean {
  if (!Number.isFinite(value)) return false;
  const places = powerOfTenPlaces(step);
  if (places !== null) return hasAtMostDecimalPlaces(value, places);
  return new Decimal(String(value)).mod(new Decimal(String(step))).isZero();
}

/** Deep copy of a schema with every `multipleOf` keyword renamed to the decimal-safe keyword. */
export function withDecimalMultipleOf<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s) => withDecimalMultipleOf(s)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'multipleOf' && typeof value === 'number') out[DECIMAL_MULTIPLE_OF] = value;
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = withDecimalMultipleOf(value);
  }
  return out as T;
}

function formatStep(step: number): string {
  return new Decimal(String(step)).toFixed();
}

/**
 * An Ajv 8 instance configured as the project validates MH documents: `strict: false` (MH's files
 * carry keywords such as `maximum` on strings), every error reported (unless `allErrors: false`,
 * for a quick yes/no), `date` format, and the decimal-safe multiple check registered as a keyword.
 * The keyword is generated inline into the validator (a call per number, no context object).
 */
export function createOfficialAjv(options: { allErrors?: boolean } = {}): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: options.allErrors ?? true });
  addFormats(ajv, ['date']);
  ajv.addKeyword({
    keyword: DECIMAL_MULTIPLE_OF,
    type: 'number',
    schemaType: 'number',
    error: {
      message: ({ schema }) => `debe ser múltiplo de ${formatStep(schema as number)}`,
      params: ({ schema }) => _`{multipleOf: ${schema as number}}`,
    },
    code(cxt) {
      const step = cxt.schema as number;
      const places = powerOfTenPlaces(step);
      if (places !== null) {
        const check = cxt.gen.scopeValue('func', { ref: hasAtMostDecimalPlaces });
        cxt.fail(_`!${check}(${cxt.data}, ${places})`);
      } else {
        const check = cxt.gen.scopeValue('func', { ref: isDecimalMultipleOf });
        cxt.fail(_`!${check}(${cxt.data}, ${step})`);
      }
    },
  });
  return ajv;
}

/** Compiles an official schema (as published, with `multipleOf`) with the decimal-safe check. */
export function compileOfficialSchema(ajv: Ajv, schema: unknown) {
  return ajv.compile(withDecimalMultipleOf(schema) as AnySchema);
}
