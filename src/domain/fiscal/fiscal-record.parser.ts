/** Entry point of record validation: base shape (zod) then the resource's own rules. */
import type { FieldError } from '../dte/dte.types';
import { issuesToFieldErrors, spanishIssueMessage } from '../dte/zod-issue-mapper';
import { checkExternalSaleRecord } from './external-sale-record.rules';
import { fiscalRecordSchema, type FiscalRecord } from './fiscal-record.schema';
import { checkPurchaseRecord } from './purchase-record.rules';
import { FISCAL_RESOURCES, type FiscalResource } from './record-keys.catalog';
import { checkWithholdingMadeRecord } from './withholding-made-record.rules';
import { checkWithholdingReceivedRecord } from './withholding-received-record.rules';

export type RecordParseResult = { ok: true; value: FiscalRecord } | { ok: false; errors: FieldError[] };

const RULES: Readonly<Record<FiscalResource, (r: FiscalRecord) => FieldError[]>> = {
  purchases: checkPurchaseRecord,
  'withholdings-received': checkWithholdingReceivedRecord,
  'external-sales': checkExternalSaleRecord,
  'withholdings-made': checkWithholdingMadeRecord,
};

export function isFiscalResource(value: unknown): value is FiscalResource {
  return typeof value === 'string' && (FISCAL_RESOURCES as readonly string[]).includes(value);
}

export function parseFiscalRecord(resource: FiscalResource, body: unknown): RecordParseResult {
  if (!isFiscalResource(resource)) throw new Error(`BUG: recurso fiscal desconocido ${String(resource)}`);
  const parsed = fiscalRecordSchema.safeParse(body, { error: spanishIssueMessage, reportInput: true });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  const errors = RULES[resource](parsed.data);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.data };
}
