/**
 * A product or service of an emitter's catalogue: the fields an issuance line takes from it
 * (DocumentCreate.items[]), validated as the line's own fields are. `unitPrice` is a decimal string
 * of up to 8 decimals; `tax` is the line's tax treatment (gravada, exenta, no_sujeta).
 */
import { z } from 'zod';
import { itemShape } from '../dte/document-create.schema';
import { decimalString, optional } from '../dte/document-create-fields';

export const PRODUCT_TAXES = ['gravada', 'exenta', 'no_sujeta'] as const;

const productShape = {
  code: itemShape.code,
  description: itemShape.description,
  type: itemShape.type,
  unitCode: itemShape.unitCode,
  unitPrice: decimalString({ sign: 'non_negative' }),
  tax: optional(z.enum(PRODUCT_TAXES, { error: 'El tratamiento tributario es gravada, exenta o no_sujeta.' })),
  taxes: itemShape.taxes,
};

export const createProductSchema = z.strictObject(productShape);
export type ProductInput = z.output<typeof createProductSchema>;

const clearable = (schema: z.ZodType) => z.union([z.null(), schema]).optional();

/** PATCH: any subset; `null` clears an optional field; the merged product is validated as a whole. */
export const updateProductSchema = z.strictObject({
  code: clearable(productShape.code),
  description: productShape.description.optional(),
  type: clearable(productShape.type),
  unitCode: productShape.unitCode.optional(),
  unitPrice: productShape.unitPrice.optional(),
  tax: clearable(productShape.tax),
  taxes: clearable(productShape.taxes),
});
