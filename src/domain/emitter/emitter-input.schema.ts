import { z } from 'zod';
import { CatalogCode, hasEntry } from '../catalog/catalogs';
import { addressSchema } from './address.schema';
import { NIT_MESSAGE, NIT_PATTERN, NRC_MESSAGE, NRC_PATTERN } from './tax-identifiers';

export const NUMBERING_VALUES = ['per_establishment', 'centralized'] as const;
export type Numbering = (typeof NUMBERING_VALUES)[number];

const catalogCode = (catalog: string, label: string) =>
  z.string().refine((v) => hasEntry(catalog, v), {
    params: { code: 'unknown_catalog_code' },
    error: (issue) => `${label} "${String(issue.input)}" no existe en el catálogo ${catalog}.`,
  });

const httpsUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Debe ser una URL https.');

export const emitterFields = {
  nit: z.string().regex(NIT_PATTERN, NIT_MESSAGE),
  nrc: z.string().regex(NRC_PATTERN, NRC_MESSAGE),
  name: z.string().trim().min(1, 'El nombre es obligatorio.').max(250, 'El nombre admite hasta 250 caracteres.'),
  tradeName: z.string().trim().min(1).max(150, 'El nombre comercial admite hasta 150 caracteres.').nullable(),
  economicActivity: catalogCode(CatalogCode.economicActivity, 'La actividad económica'),
  establishmentType: catalogCode(CatalogCode.establishmentType, 'El tipo de establecimiento').nullable(),
  address: addressSchema,
  phone: z.string().trim().min(8, 'El teléfono debe tener al menos 8 caracteres.').max(30, 'El teléfono admite hasta 30 caracteres.').nullable(),
  email: z.email('Correo electrónico inválido.').max(100, 'El correo admite hasta 100 caracteres.'),
  numbering: z.enum(NUMBERING_VALUES, 'La numeración es "per_establishment" o "centralized".'),
  logoUrl: httpsUrl.nullable(),
  isLargeTaxpayer: z.boolean(),
};

export const createEmitterSchema = z.strictObject({
  nit: emitterFields.nit,
  nrc: emitterFields.nrc,
  name: emitterFields.name,
  tradeName: emitterFields.tradeName.optional(),
  economicActivity: emitterFields.economicActivity,
  establishmentType: emitterFields.establishmentType.optional(),
  address: emitterFields.address,
  phone: emitterFields.phone.optional(),
  email: emitterFields.email,
  numbering: emitterFields.numbering.optional(),
  logoUrl: emitterFields.logoUrl.optional(),
  isLargeTaxpayer: emitterFields.isLargeTaxpayer.optional(),
});

/** PATCH: every field optional; a field present replaces the stored value (address as a whole). */
export const updateEmitterSchema = createEmitterSchema.partial();

export type CreateEmitterInput = z.infer<typeof createEmitterSchema>;
export type UpdateEmitterInput = z.infer<typeof updateEmitterSchema>;
