/** Body of `PATCH /documents/{id}/fiscal` (camelCase), partial: only the tags sent change. */
import { z } from 'zod';
import type { FieldError } from '../dte/dte.types';
import { optional } from '../dte/document-create-fields';
import { issuesToFieldErrors, spanishIssueMessage } from '../dte/zod-issue-mapper';
import { checkSaleIncomeCodes } from './income-codes.rules';
import type { FiscalTags } from './ledger.types';

export const fiscalTagsPatchSchema = z.strictObject({
  incomeCodes: z.strictObject({ operationType: z.string().trim(), incomeType: z.string().trim() }).nullish(),
  freeZone: optional(z.boolean()),
  exemptNonProportional: optional(z.boolean()),
  excludeFromBooks: optional(z.boolean()),
  externalRef: z.string().trim().max(100).nullish(),
});

export type FiscalTagsPatch = Partial<FiscalTags>;

export function parseFiscalTags(body: unknown): { ok: true; value: FiscalTagsPatch } | { ok: false; errors: FieldError[] } {
  const parsed = fiscalTagsPatchSchema.safeParse(body, { error: spanishIssueMessage, reportInput: true });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  const v = parsed.data;
  if (v.incomeCodes) {
    const errors = checkSaleIncomeCodes(v.incomeCodes.operationType, v.incomeCodes.incomeType, {
      operationType: 'incomeCodes.operationType', incomeType: 'incomeCodes.incomeType',
    });
    if (errors.length > 0) return { ok: false, errors };
  }
  const out: FiscalTagsPatch = {};
  if (v.incomeCodes !== undefined) out.incomeCodes = v.incomeCodes;
  if (v.freeZone !== undefined) out.freeZone = v.freeZone;
  if (v.exemptNonProportional !== undefined) out.exemptNonProportional = v.exemptNonProportional;
  if (v.excludeFromBooks !== undefined) out.excludeFromBooks = v.excludeFromBooks;
  if (v.externalRef !== undefined) out.externalRef = v.externalRef;
  return { ok: true, value: out };
}
