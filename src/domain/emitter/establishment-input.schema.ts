import { z } from 'zod';
import { CatalogCode, hasEntry } from '../catalog/catalogs';
import { addressSchema } from './address.schema';
import { ESTABLISHMENT_CODE_MESSAGE, ESTABLISHMENT_CODE_PATTERN, POINT_OF_SALE_CODE_MESSAGE, POINT_OF_SALE_CODE_PATTERN } from './tax-identifiers';

export const pointOfSaleInputSchema = z.strictObject({
  code: z.string().regex(POINT_OF_SALE_CODE_PATTERN, POINT_OF_SALE_CODE_MESSAGE),
  name: z.string().trim().min(1).max(100, 'El nombre admite hasta 100 caracteres.').nullable().optional(),
  active: z.boolean().optional(),
});

const pointsOfSale = z
  .array(pointOfSaleInputSchema)
  .max(1000, 'Un establecimiento admite hasta 1000 puntos de venta.')
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((p, i) => {
      if (seen.has(p.code)) {
        ctx.addIssue({ code: 'custom', path: [i, 'code'], params: { code: 'duplicate_value' }, message: `El punto de venta "${p.code}" está repetido en la lista.` });
      }
      seen.set(p.code, i);
    });
  });

const establishmentFields = {
  code: z.string().regex(ESTABLISHMENT_CODE_PATTERN, ESTABLISHMENT_CODE_MESSAGE),
  name: z.string().trim().min(1).max(150, 'El nombre admite hasta 150 caracteres.').nullable(),
  type: z.string().refine((v) => hasEntry(CatalogCode.establishmentType, v), {
    params: { code: 'unknown_catalog_code' },
    error: (issue) => `El tipo de establecimiento "${String(issue.input)}" no existe en el catálogo CAT-009.`,
  }),
  address: addressSchema,
  phone: z.string().trim().min(8, 'El teléfono debe tener al menos 8 caracteres.').max(30).nullable(),
  email: z.email('Correo electrónico inválido.').max(100).nullable(),
  active: z.boolean(),
  pointsOfSale,
};

export const createEstablishmentSchema = z.strictObject({
  code: establishmentFields.code,
  name: establishmentFields.name.optional(),
  type: establishmentFields.type,
  address: establishmentFields.address,
  phone: establishmentFields.phone.optional(),
  email: establishmentFields.email.optional(),
  active: establishmentFields.active.optional(),
  pointsOfSale: establishmentFields.pointsOfSale.optional(),
});

/** PATCH: `pointsOfSale`, when present, replaces the whole list. */
export const updateEstablishmentSchema = createEstablishmentSchema.partial();

export type CreateEstablishmentInput = z.infer<typeof createEstablishmentSchema>;
export type UpdateEstablishmentInput = z.infer<typeof updateEstablishmentSchema>;
export type PointOfSaleInput = z.infer<typeof pointOfSaleInputSchema>;
