/**
 * An emitter's customer (a receiver kept in its directory): exactly the fields of
 * DocumentCreate.receiver, validated by the same schema and rules, plus the owner's own `externalId`.
 * A customer always has a name (a receiver of a small FE may have none; a directory entry may not).
 */
import { z } from 'zod';
import { receiverShape, refineReceiver } from '../dte/document-create.schema';
import { optional } from '../dte/document-create-fields';

const externalId = optional(z.string().trim().min(1).max(255));

export const createCustomerSchema = z
  .strictObject({ ...receiverShape, name: z.string().trim().min(1).max(250), externalId })
  .superRefine(refineReceiver);

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
