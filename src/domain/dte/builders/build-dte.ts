/**
 * Entry point of the DTE engine: validated request + caller's context → official MH JSON (FE v2,
 * CCF v4, NC v4, ND v4), totals and warnings. Pure: no I/O. Every nullable field of the schema is
 * present with an explicit null and keys follow the schema's order (the section builders write them
 * in that order; schema-key-order.ts is for `raw` documents). The built JSON is validated
 * against the official schema; a failure there is a bug of this engine and is thrown, never
 * returned as a user error.
 */
import { toAmountItems } from '../amounts/amount-items';
import { computeAmounts } from '../amounts/compute-amounts';
import type { DocumentCreateInput } from '../document-create.schema';
import { checkDocumentRules } from '../document-type-rules';
import { isExtendedDteType, type AnyDteType, type DteType, type ExtendedDteType, type FieldError, type Totals, type Warning } from '../dte.types';
import { buildExtendedDte } from '../extended/extended-build';
import { schemaKindForDteType, validateOfficialJson } from '../schemas/official-schema-validator';
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

/** Validates the built document; a failure is an engine bug. */
export function assertOfficial(type: AnyDteType, json: Record<string, unknown>): void {
  const kind = schemaKindForDteType(type);
  const result = validateOfficialJson(kind, json);
  if (!result.valid) {
    const detail = result.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new Error(`BUG: el DTE construido no cumple el esquema oficial ${kind}: ${detail}`);
  }
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
    throw err;
  }
  assertOfficial(type, json);
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
    throw err;
  }
  if (built.ok) assertOfficial(type, built.json);
  return built;
}

/** An amount a JSON number cannot carry exactly: refused naming its field (or its line), never altered. */
function unrepresentable(err: UnrepresentableAmountError): BuildResult {
  return { ok: false, errors: [{ path: err.path ?? 'items', code: 'amount_not_representable', message: `${err.message}; reduzca los decimales o el monto.` }] };
}
