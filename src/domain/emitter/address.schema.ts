import { z } from 'zod';
import { CatalogCode, findDistrict, findMunicipality, hasEntry } from '../catalog/catalogs';

/**
 * An address in El Salvador with the 2026 catalogs: department (CAT-012), municipality (CAT-013) and
 * district (CAT-008). Municipality and district codes repeat across departments, so both must belong
 * to the given department.
 */
export const addressSchema = z
  .strictObject({
    department: z.string().regex(/^\d{2}$/, 'El departamento es un código CAT-012 de 2 dígitos.'),
    municipality: z.string().regex(/^\d{2}$/, 'El municipio es un código CAT-013 de 2 dígitos.'),
    district: z.string().regex(/^\d{2}$/, 'El distrito es un código CAT-008 de 2 dígitos.'),
    line: z.string().trim().min(1, 'La dirección (complemento) es obligatoria.').max(200, 'La dirección admite hasta 200 caracteres.'),
  })
  .superRefine((a, ctx) => {
    if (![a.department, a.municipality, a.district].every((c) => /^\d{2}$/.test(c))) return; // format already reported
    if (!hasEntry(CatalogCode.department, a.department) || a.department === '00') {
      ctx.addIssue({ code: 'custom', path: ['department'], params: { code: 'unknown_catalog_code' }, message: `El departamento "${a.department}" no existe en el catálogo CAT-012 de El Salvador.` });
      return;
    }
    if (!findMunicipality(a.department, a.municipality)) {
      ctx.addIssue({ code: 'custom', path: ['municipality'], params: { code: 'address_mismatch' }, message: `El municipio "${a.municipality}" no pertenece al departamento "${a.department}" (CAT-013).` });
    }
    if (!findDistrict(a.department, a.district)) {
      ctx.addIssue({ code: 'custom', path: ['district'], params: { code: 'address_mismatch' }, message: `El distrito "${a.district}" no pertenece al departamento "${a.department}" (CAT-008).` });
    }
  });

export type AddressInput = z.infer<typeof addressSchema>;
