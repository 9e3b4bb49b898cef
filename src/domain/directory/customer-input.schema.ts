/**
 * An emitter's customer (a receiver kept in its directory): exactly the fields of
 * DocumentCreate.receiver, validated by the same schema and rules, plus the owner's own `externalId`.
 * A customer always has a name (a receiver of a small FE may have none; a directory entry may not).
 */
import { z } from 'zod';
import { receiverShape, refineReceiver } from '../dte/document-create.schema';
import { DUI_PATTERN, NIT_PATTERN, optional } from '../dte/document-create-fields';
import { duiCheckDigitHolds, nitCheckDigitHolds } from '../dte/identity-check-digits';

const externalId = optional(z.string().trim().min(1).max(255));

/**
 * A customer's NIT or DUI must also carry its check digit (a typo is caught when the customer is
 * saved, not when a document to it is refused). Only a number of the right format is checked here:
 * a wrong format already has refineReceiver's message.
 */
export function refineCustomerIdentity(r: { documentType?: string; documentNumber?: string }, ctx: z.RefinementCtx): void {
  const n = r.documentNumber;
  if (n === undefined) return;
  if (r.documentType === '36' && NIT_PATTERN.test(n) && !nitCheckDigitHolds(n)) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], params: { code: 'invalid_format' },
      message: n.length === 9
        ? 'El NIT de 9 dígitos es un DUI homologado y su último dígito (el verificador) no corresponde: revise el número.'
        : 'El último dígito del NIT (el verificador) no corresponde a los anteriores: revise el número.' });
  }
  if (r.documentType === '13' && DUI_PATTERN.test(n) && !duiCheckDigitHolds(n)) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], params: { code: 'invalid_format' },
      message: 'El dígito verificador del DUI (después del guion) no corresponde a los 8 anteriores: revise el número.' });
  }
}

export const createCustomerSchema = z
  .strictObject({ ...receiverShape, name: z.string().trim().min(1).max(250), externalId })
  .superRefine((c, ctx) => {
    refineReceiver(c, ctx);
    refineCustomerIdentity(c, ctx);
  });

export type CustomerInput = z.output<typeof createCustomerSchema>;

/** The receiver part of a customer (what an issuance by `customerId` takes as its `receiver`). */
export type CustomerReceiver = Omit<CustomerInput, 'externalId'>;

/**
 * PATCH: any subset of the fields; `null` clears an optional one. The merged customer is then
 * validated as a whole with `createCustomerSchema`, so a change can never leave it invalid.
 */
const clearable = (schema: z.ZodType) => z.union([z.null(), schema]).optional();
const patchShape: Record<string, z.ZodType> = Object.fromEntries(Object.entries({ ...receiverShape, externalId }).map(([k, v]) => [k, clearable(v)]));
export const updateCustomerSchema = z.strictObject({ ...patchShape, name: z.string().trim().min(1).max(250).optional() });

/** Customer fields a person types on the self-service page (identity of the account stays with the owner). */
export const CUSTOMER_FIELDS = [...Object.keys(receiverShape), 'externalId'] as const;
