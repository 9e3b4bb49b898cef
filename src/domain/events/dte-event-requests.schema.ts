/**
 * Request bodies of the 2026 events (camelCase; REST converts snake_case mechanically):
 *   return — `lines[]` of the original document by `numItem` with the `quantity` returned;
 *   special operations — `lines[]` of simplified invoices (CAT-023 02, a range) or internal-control
 *   vouchers (97, one number), with the sales per bucket and the number of documents.
 */
import { z } from 'zod';
import { CatalogCode } from '../catalog/catalogs';
import { catalogCode, decimalString, isGenerationCode, optional } from '../dte/document-create-fields';

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** An earlier event's generation code (UUID), normalised to uppercase. */
const generationCode = z
  .string()
  .trim()
  .refine(isGenerationCode, { error: 'Debe ser un código de generación (UUID de 36 caracteres).' })
  .transform((v) => v.toUpperCase());

export const documentReturnSchema = z.strictObject({
  externalId: optional(text(1, 255)),
  lines: z
    .array(z.strictObject({ numItem: z.number().int().min(1).max(2000), quantity: decimalString({ sign: 'positive' }) }))
    .min(1)
    .max(2000),
});
export type DocumentReturnInput = z.output<typeof documentReturnSchema>;

const money = optional(decimalString({ sign: 'non_negative', places: 2 }));

export const specialOperationSchema = z.strictObject({
  externalId: optional(text(1, 255)),
  lines: z
    .array(
      z.strictObject({
        documentType: catalogCode(CatalogCode.specialOperation),
        documentNumber: optional(text(1, 36)),
        rangeFrom: optional(text(1, 36)),
        rangeTo: optional(text(1, 36)),
        issuedOn: optional(z.iso.date()),
        quantity: z.number().int().min(1).max(1_000_000_000),
        description: text(1, 1500),
        noSujeta: money,
        exenta: money,
        gravada: money,
        referenceEvent: optional(generationCode),
      }),
    )
    .min(1)
    .max(2000),
});
export type SpecialOperationInput = z.output<typeof specialOperationSchema>;
