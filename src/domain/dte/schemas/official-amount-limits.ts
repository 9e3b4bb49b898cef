/**
 * MH's amount limits, as the official schemas state them (`exclusiveMaximum` 100,000,000,000 on most
 * amounts and totals, `minimum` 0 or 1): a document whose lines or totals leave them cannot be sent,
 * and that is the caller's input, not a bug of the engine. The built JSON is validated; failures of
 * those keywords are refusals naming the request's lines (one line: `items[3]`; a total:
 * `items`, with MH's field in the message); any other failure is still a bug and is thrown.
 */
import type { FieldError } from '../dte.types';
import { validateOfficialJson } from './official-schema-validator';
import type { OfficialSchemaKind } from './official-schema.types';

const RANGE_KEYWORDS: ReadonlySet<string> = new Set(['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']);

/** `cuerpoDocumento[2].ventaGravada` → `items[2]`; anything else (the summary, a single body) → `items`. */
function requestPath(mhPath: string, linesField: string): string {
  const line = /^cuerpoDocumento\[(\d+)\]/.exec(mhPath);
  return line ? `${linesField}[${line[1]}]` : linesField;
}

/**
 * The refusals of a built document's amounts outside MH's limits (empty when the document is valid).
 * `otherFailures: 'throw'` (DTEs, whose builders are held to the schema) throws when it fails the
 * official schema for any other reason, an engine bug; `'ignore'` (events, whose other rules MH
 * judges and answers as data) leaves those to MH.
 */
export function officialAmountLimitErrors(kind: OfficialSchemaKind, json: unknown, linesField: string, otherFailures: 'throw' | 'ignore' = 'throw'): FieldError[] {
  const result = validateOfficialJson(kind, json);
  if (result.valid) return [];
  const range = result.errors.filter((e) => e.keyword !== undefined && RANGE_KEYWORDS.has(e.keyword));
  if (!range.length) {
    if (otherFailures === 'ignore') return [];
    const detail = result.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`BUG: el DTE construido no cumple el esquema oficial ${kind}: ${detail}`);
  }
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const e of range) {
    const path = requestPath(e.path, linesField);
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({
      path,
      code: 'amount_out_of_range',
      message: `El monto ${e.path} del documento ${e.message}: queda fuera de los límites que admite el MH (hasta 99,999,999,999.99); reduzca la cantidad o el monto.`,
    });
  }
  return errors;
}
