/**
 * The amounts of an event as MH can take them: a value a JSON number cannot carry exactly, or one
 * outside the official schema's limits, is refused naming the line it comes from (never a 500, never
 * altered). Other rules of the event's schema stay MH's to judge.
 */
import { AmountInWordsRangeError } from '../dte/amount-in-words';
import { UnrepresentableAmountError } from '../dte/builders/json-number';
import type { FieldError } from '../dte/dte.types';
import { officialAmountLimitErrors } from '../dte/schemas/official-amount-limits';
import type { OfficialSchemaKind } from '../dte/schemas/official-schema.types';

type Built = { ok: true; json: Record<string, unknown> } | { ok: false; errors: FieldError[] };

export function withEventAmountLimits<T extends Built>(kind: OfficialSchemaKind, linesField: string, build: () => T): T | { ok: false; errors: FieldError[] } {
  let built: T;
  try {
    built = build();
  } catch (err) {
    if (err instanceof AmountInWordsRangeError) {
      return { ok: false, errors: [{ path: linesField, code: 'amount_out_of_range', message: `El total del evento (${err.amount}) queda fuera de los límites que admite el MH (de 0.00 a 99,999,999,999.99).` }] };
    }
    if (!(err instanceof UnrepresentableAmountError)) throw err;
    return { ok: false, errors: [{ path: err.path ?? linesField, code: 'amount_not_representable', message: `${err.message}; reduzca los decimales o el monto.` }] };
  }
  if (!built.ok) return built;
  const refused = officialAmountLimitErrors(kind, built.json, linesField, 'ignore');
  return refused.length ? { ok: false, errors: refused } : built;
}

/** Runs a line's conversion, naming the line in an unrepresentable amount's error. */
export function atLine<T>(path: string, convert: () => T): T {
  try {
    return convert();
  } catch (err) {
    if (err instanceof UnrepresentableAmountError) throw err.at(path);
    throw err;
  }
}
