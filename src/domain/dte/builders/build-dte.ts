/**
 * Entry point of the DTE engine: validated request + caller's context → official MH JSON (FE v2,
 * CCF v4, NC v4, ND v4), totals and warnings. Pure: no I/O. Every nullable field of the schema is
 * present with an explicit null and keys follow the schema's order (the section builders write them
 * in that order; schema-key-order.ts is for `raw` documents). The built JSON is validated
 * against the official schema: amounts or totals outside MH's limits are refused naming the lines
 * (official-amount-limits.ts); any other failure there is a bug of this engine and is thrown.
 */
import { toAmountItems } from '../amounts/amount-items';
import { computeAmounts } from '../amounts/compute-amounts';
import type { DocumentCreateInput } from '../document-create.schema';
import { checkDocumentRules } from '../document-type-rules';
import { isExtendedDteType, type AnyDteType, type DteType, type ExtendedDteType, type FieldError, type Totals, type Warning } from '../dte.types';
import { buildExtendedDte } from '../extended/extended-build';
import { AmountInWordsRangeError } from '../amount-in-words';
import { officialAmountLimitErrors } from '../schemas/official-amount-limits';
import { schemaKindForDteType } from '../schemas/official-schema-validator';
import type { BuildContext } from './build-context';
import { buildCcf } from './ccf-builder';
import { checkFeReceiverThreshold, checkLineDocumentDates, checkPaymentTotal, checkRelatedDocumentDates, checkResolvedRelatedDocuments } from './context-rules';
import { buildDteParts, type DteParts } from './dte-parts';
import { buildEmisor } from './emisor-section';
import { buildFe } from './fe-builder';
import { UnrepresentableAmountError } from './json-number';
import { buildNc } from './nc-builder';
import { buildNd } from './nd-builder';
import { prepareRawDte } from './raw-dte';

export type { BuildContext } from './build-context';

export type BuildResult =
  | { ok: true; json: Record<string, unknown>; totals: Totals; warnings: Warning[] }
  | { ok: false; errors: FieldError[] };

const BUILDERS: Readonly<Record<DteType, (p: DteParts) => Record<string, unknown>>> = {
  '01': buildFe,
  '03': buildCcf,
  '05': buildNc,
  '06': buildNd,
};

/** The request array each type's `cuerpoDocumento` is built from (where a refused line amount is named). */
const LINES_FIELD: Readonly<Partial<Record<AnyDteType, string>>> = { '07': 'withholdings', '08': 'settledDocuments', '09': 'settlement' };

/**
 * Validates the built document: amounts or totals outside MH's limits are refusals naming the lines
 * (amount_out_of_range); any other failure is an engine bug and is thrown.
 */
export function officialRefusals(type: AnyDteType, json: Record<string, unknown>): FieldError[] {
  return officialAmountLimitErrors(schemaKindForDteType(type), json, LINES_FIELD[type] ?? 'items');
}

export function buildDte(input: DocumentCreateInput, ctx: BuildContext): BuildResult {
  const type = input.type;
  if (!ctx.controlNumber.startsWith(`DTE-${type}-`)) {
    throw new Error(`BUG: el número de control ${ctx.controlNumber} no corresponde al tipo ${type}`);
  }
  if (input.raw !== undefined) {
    const rules = checkDocumentRules(input);
    return rules.length > 0 ? { ok: false, errors: rules } : prepareRawDte(input.raw, ctx, type);
  }

  const ruleErrors = checkDocumentRules(input);
  if (ruleErrors.length > 0) return { ok: false, errors: ruleErrors };
  if (isExtendedDteType(type)) return buildOtherType(input, type, ctx);

  const computed = computeAmounts({
    type,
    items: toAmountItems(input.items),
    globalDiscount: input.globalDiscount,
    withholdingIva1: input.withholding?.iva1,
    perception: input.perception,
    isLargeTaxpayer: ctx.emitter.isLargeTaxpayer,
  });
  if (!computed.ok) return { ok: false, errors: computed.errors };
  const amounts = computed.value;

  const emisor = buildEmisor(type, ctx);
  const errors: FieldError[] = [
    ...checkFeReceiverThreshold(input, amounts.summary, ctx),
    ...checkPaymentTotal(input, amounts.summary),
    ...checkResolvedRelatedDocuments(type, input, ctx),
    ...checkRelatedDocumentDates(type, ctx),
    ...('errors' in emisor ? emisor.errors : []),
  ];
  if (errors.length > 0 || 'errors' in emisor) return { ok: false, errors };

  let json: Record<string, unknown>;
  try {
    const parts = buildDteParts(type, input, ctx, amounts, emisor.value);
    json = BUILDERS[type](parts);
  } catch (err) {
    if (err instanceof UnrepresentableAmountError) return unrepresentable(err);
    if (err instanceof AmountInWordsRangeError) return unstatable(err, LINES_FIELD[type] ?? 'items');
    throw err;
  }
  const refused = officialRefusals(type, json);
  if (refused.length) return { ok: false, errors: refused };
  return { ok: true, json, totals: amounts.totals, warnings: amounts.warnings };
}

/** NR, CR, CL, DCL, FEX, FSE and CD: each type's builder, then the official schema. */
function buildOtherType(input: DocumentCreateInput, type: ExtendedDteType, ctx: BuildContext): BuildResult {
  const dated = checkLineDocumentDates(type, input, ctx);
  if (dated.length > 0) return { ok: false, errors: dated };
  let built: BuildResult;
  try {
    built = buildExtendedDte(input, type, ctx);
  } catch (err) {
    if (err instanceof UnrepresentableAmountError) return unrepresentable(err);
    if (err instanceof AmountInWordsRangeError) return unstatable(err, LINES_FIELD[type] ?? 'items');
    throw err;
  }
  if (!built.ok) return built;
  const refused = officialRefusals(type, built.json);
  return refused.length ? { ok: false, errors: refused } : built;
}

/** A total outside what any document can state (negative, or far beyond MH's limit): refused naming the lines. */
export function unstatable(err: AmountInWordsRangeError, linesField: string): BuildResult {
  return { ok: false, errors: [{ path: linesField, code: 'amount_out_of_range', message: `El total del documento (${err.amount}) queda fuera de los límites que admite el MH (de 0.00 a 99,999,999,999.99); reduzca la cantidad o el monto.` }] };
}

/** An amount a JSON number cannot carry exactly: refused naming its field (or its line), never altered. */
function unrepresentable(err: UnrepresentableAmountError): BuildResult {
  return { ok: false, errors: [{ path: err.path ?? 'items', code: 'amount_not_representable', message: `${err.message}; reduzca los decimales o el monto.` }] };
}
