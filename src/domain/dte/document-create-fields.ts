/** Reusable zod field schemas of the issuance body (decimal strings, catalog codes, addresses). */
import { z } from 'zod';
import { CatalogCode, findDistrict, findMunicipality, getCatalog, hasEntry } from '../catalog/catalogs';

/** Decimal string as the API accepts it: optional minus, digits, 1–8 decimals. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d{1,8})?$/;
/** MH's upper bound (exclusive) for every amount and quantity. */
const LIMIT_DIGITS = 11;

type Sign = 'any' | 'non_negative' | 'positive';

/** A decimal string field; `places` 2 for fields that land in the summary as given. */
export function decimalString(opts: { sign: Sign; places?: 2 | 8 }) {
  const places = opts.places ?? 8;
  return z.string().superRefine((v, ctx) => {
    if (!DECIMAL_PATTERN.test(v)) {
      ctx.addIssue({ code: 'custom', params: { code: 'invalid_format' },
        message: 'Debe ser un número decimal en texto (dígitos, punto y hasta 8 decimales), p. ej. "12.50".' });
      return;
    }
    const shape = decimalShape(v);
    if (shape.fractionDigits > places) {
      ctx.addIssue({ code: 'custom', params: { code: 'invalid_format' }, message: `Admite como máximo ${places} decimales.` });
      return;
    }
    const negative = shape.negative && !shape.zero;
    if (opts.sign !== 'any' && negative) {
      ctx.addIssue({ code: 'custom', params: { code: 'out_of_range' }, message: 'No puede ser negativo.' });
    } else if (opts.sign === 'positive' && shape.zero) {
      ctx.addIssue({ code: 'custom', params: { code: 'out_of_range' }, message: 'Debe ser mayor que cero.' });
    } else if (shape.wholeDigits > LIMIT_DIGITS) {
      ctx.addIssue({ code: 'custom', params: { code: 'out_of_range' }, message: 'Debe ser menor que 100000000000 (máximo de MH).' });
    }
  });
}

/** Sign, zero-ness and digit counts of a string matching DECIMAL_PATTERN, in one pass (no regex, no copies). */
function decimalShape(v: string): { negative: boolean; zero: boolean; wholeDigits: number; fractionDigits: number } {
  const negative = v.charCodeAt(0) === 45; // '-'
  const start = negative ? 1 : 0;
  const dot = v.indexOf('.');
  const wholeEnd = dot === -1 ? v.length : dot;
  let zero = true;
  for (let i = start; i < v.length && zero; i++) {
    const c = v.charCodeAt(i);
    if (c >= 49 && c <= 57) zero = false; // '1'…'9'
  }
  // Leading zeros do not count, but the whole part keeps at least one digit ("0.5" → 1).
  let first = start;
  while (first < wholeEnd - 1 && v.charCodeAt(first) === 48) first += 1;
  return { negative, zero, wholeDigits: wholeEnd - first, fractionDigits: dot === -1 ? 0 : v.length - dot - 1 };
}

/** A code of an official catalog (CAT-0xx), checked against the catalogs module. */
export function catalogCode(catalog: string) {
  const name = getCatalog(catalog)?.name ?? catalog;
  return z.string().min(1).refine((v) => hasEntry(catalog, v), {
    params: { code: 'unknown_catalog_code' },
    error: (iss) => `El código ${JSON.stringify(iss.input)} no existe en el catálogo ${catalog} (${name}).`,
  });
}

/**
 * The type of `optional(schema)`: output `undefined` when absent or null (the object key stays
 * required in the output type, as with a transform), input also `null`.
 */
export type OptionalField<T extends z.ZodType> = z.ZodType<
  z.output<T> | undefined,
  z.input<T> | null | undefined,
  z.core.$ZodTypeInternals<z.output<T> | undefined, z.input<T> | null | undefined> & { optin: 'optional' }
>;

/**
 * Optional field that also accepts an explicit `null` (treated as absent). The null → undefined
 * step is an `overwrite` check on the nullish schema rather than a `.transform()`: same results and
 * same input JSON Schema, without a pipe per field (pipes were a third of the body's parse time).
 */
export function optional<T extends z.ZodType>(schema: T): OptionalField<T> {
  return schema.nullish().overwrite((v) => (v === null ? undefined : v)) as unknown as OptionalField<T>;
}

const GENERATION_CODE_SHAPE = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** True for a generation code (UUID, either case): the document is electronic (tipoGeneracion 2). */
export function isGenerationCode(value: string): boolean {
  return GENERATION_CODE_SHAPE.test(value);
}

/**
 * A related document's identifier in `generationCode`: shaped like a generation code (UUID) it is
 * an electronic document (normalised to uppercase; `tipoGeneracion` 2); any other text of 1–36
 * characters is the number of a paper document (kept as given; `tipoGeneracion` 1).
 */
export const relatedDocumentNumber = z
  .string()
  .trim()
  .min(1, { error: 'Indique el código de generación del documento electrónico o el número del documento en papel.' })
  .max(36, { error: 'Un código de generación tiene 36 caracteres; el número de un documento en papel, hasta 36.' })
  .transform((v) => (isGenerationCode(v) ? v.toUpperCase() : v))
  .describe(
    'Documento electrónico: su código de generación (UUID de 36 caracteres; se emite con tipoGeneracion 2). '
      + 'Cualquier otro valor es el número de un documento en papel (1–36 caracteres; se emite con tipoGeneracion 1 y ese numeroDocumento).',
  );

/** Address: department CAT-012; municipality CAT-013 and district CAT-008, both of that department. */
export const addressSchema = z
  .strictObject({
    department: catalogCode(CatalogCode.department),
    municipality: z.string().min(1),
    district: z.string().min(1),
    line: z.string().trim().min(1).max(200),
  })
  .superRefine((a, ctx) => {
    if (!hasEntry(CatalogCode.department, a.department)) return;
    if (!findMunicipality(a.department, a.municipality)) {
      ctx.addIssue({ code: 'custom', path: ['municipality'], params: { code: 'unknown_catalog_code' },
        message: `El municipio ${JSON.stringify(a.municipality)} no existe en el departamento ${a.department} (CAT-013).` });
    }
    if (!findDistrict(a.department, a.district)) {
      ctx.addIssue({ code: 'custom', path: ['district'], params: { code: 'unknown_catalog_code' },
        message: `El distrito ${JSON.stringify(a.district)} no existe en el departamento ${a.department} (CAT-008).` });
    }
  });

/** NIT: 14 or 9 digits, no dashes. DUI: ########-#. */
export const NIT_PATTERN = /^([0-9]{14}|[0-9]{9})$/;
export const DUI_PATTERN = /^[0-9]{8}-[0-9]$/;
