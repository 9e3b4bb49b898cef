/**
 * Fiscal record (purchases, withholdings-received, external-sales, withholdings-made) in camelCase,
 * as the REST layer hands it over after converting the top-level snake_case names mechanically.
 * `amounts` and `attributes` are free-form maps whose snake_case keys are checked per resource
 * (record-keys.catalog.ts and the *-record.rules.ts files). Identifiers are normalised: NIT, NRC
 * and DUI to digits, generation codes to the uppercase 36-character UUID, control numbers to
 * `DTE-TT-XXXXXXXX-NNNNNNNNNNNNNNN`, seals to uppercase.
 */
import { z } from 'zod';
import { CatalogCode, hasEntry } from '../catalog/catalogs';
import { decimalString, optional } from '../dte/document-create-fields';
import { isValidDate } from './period.helpers';

export const RECORD_SOURCES = ['erp', 'manual', 'csv'] as const;
export const DOC_CLASSES = ['1', '2', '3', '4'] as const;
export type DocClass = (typeof DOC_CLASSES)[number];

/** Annex-only document types that CAT-002 lacks: 12 Declaración de mercancías, 13 Mandamiento de ingreso. */
export const CUSTOMS_DOC_TYPES = ['12', '13'] as const;

const issue = (code: string, message: string) => ({ code: 'custom' as const, params: { code }, message });

const text = (max: number) => z.string().trim().min(1).max(max);

const isoDate = z.string().refine(isValidDate, { params: { code: 'invalid_format' }, error: 'Fecha inválida: use el formato AAAA-MM-DD.' });

/** NIT: 14 digits (also as 0614-010190-123-4) or 9 digits (DUI homologated as NIT). */
const nit = z.string().trim().transform((v, ctx) => {
  const digits = /^\d{4}-\d{6}-\d{3}-\d$/.test(v) || /^\d{8}-\d$/.test(v) ? v.replace(/-/g, '') : v;
  if (!/^(\d{14}|\d{9})$/.test(digits)) {
    ctx.addIssue(issue('invalid_format', 'El NIT debe tener 14 dígitos (o 9 si es el DUI homologado), sin guiones.'));
    return z.NEVER;
  }
  return digits;
});

/** NRC: 2 to 8 digits; a hyphen before the check digit (123456-7) is accepted and removed. */
const nrc = z.string().trim().transform((v, ctx) => {
  const digits = /^\d{1,7}-\d$/.test(v) ? v.replace('-', '') : v;
  if (!/^\d{2,8}$/.test(digits)) {
    ctx.addIssue(issue('invalid_format', 'El NRC debe tener de 2 a 8 dígitos.'));
    return z.NEVER;
  }
  return digits;
});

/** DUI: 9 digits, with or without the hyphen before the check digit. */
const dui = z.string().trim().transform((v, ctx) => {
  if (!/^\d{8}-?\d$/.test(v)) {
    ctx.addIssue(issue('invalid_format', 'El DUI debe tener 9 dígitos (########-#).'));
    return z.NEVER;
  }
  return v.replace('-', '');
});

/** Generation code: UUID with hyphens (36) or without (32); stored uppercase with hyphens. */
const generationCode = z.string().trim().transform((v, ctx) => {
  const hex = v.replace(/-/g, '');
  const shaped = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(v) || /^[0-9A-Fa-f]{32}$/.test(v);
  if (!shaped) {
    ctx.addIssue(issue('invalid_format', 'El código de generación es un UUID de 36 caracteres (o 32 sin guiones).'));
    return z.NEVER;
  }
  const u = hex.toUpperCase();
  return `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`;
});

/** Control number: `DTE-TT-XXXXXXXX-NNNNNNNNNNNNNNN` (31) or without hyphens (28). */
const controlNumber = z.string().trim().transform((v, ctx) => {
  const m = /^DTE-?(\d{2})-?([A-Z0-9]{8})-?(\d{15})$/i.exec(v);
  if (!m) {
    ctx.addIssue(issue('invalid_format', 'El número de control tiene la forma DTE-TT-XXXXXXXX-NNNNNNNNNNNNNNN.'));
    return z.NEVER;
  }
  return `DTE-${m[1]}-${m[2].toUpperCase()}-${m[3]}`;
});

/** MH reception seal: 40 alphanumeric characters. */
const seal = z.string().trim().transform((v, ctx) => {
  if (!/^[A-Za-z0-9]{40}$/.test(v)) {
    ctx.addIssue(issue('invalid_format', 'El sello de recepción tiene 40 caracteres alfanuméricos.'));
    return z.NEVER;
  }
  return v.toUpperCase();
});

const docType = z.string().refine((v) => hasEntry(CatalogCode.documentType, v) || (CUSTOMS_DOC_TYPES as readonly string[]).includes(v), {
  params: { code: 'unknown_catalog_code' },
  error: (iss) => `El tipo de documento ${JSON.stringify(iss.input)} no existe en CAT-002 (ni es 12 declaración de mercancías o 13 mandamiento de ingreso).`,
});

const countryCode = z.string().refine((v) => hasEntry(CatalogCode.country, v), {
  params: { code: 'unknown_catalog_code' },
  error: (iss) => `El país ${JSON.stringify(iss.input)} no existe en CAT-020.`,
});

export const counterpartSchema = z.strictObject({
  name: optional(text(250)),
  nit: optional(nit),
  nrc: optional(nrc),
  dui: optional(dui),
  countryCode: optional(countryCode),
});

/** Amounts: decimal strings, never negative (MH: "No debe ingresar valores negativos"). */
const amountsSchema = z.record(z.string(), decimalString({ sign: 'non_negative' }));

/** Attributes: codes and identifiers as strings (null = absent). */
const attributesSchema = z.record(z.string(), optional(z.string().trim().min(1).max(100)));

export const fiscalRecordSchema = z.strictObject({
  externalId: text(100),
  version: z.number().int().min(1),
  source: optional(z.enum(RECORD_SOURCES)).transform((v) => v ?? 'erp'),
  accountingDate: isoDate,
  issueDate: optional(isoDate),
  docClass: optional(z.enum(DOC_CLASSES)),
  docType: optional(docType),
  generationCode: optional(generationCode),
  controlNumber: optional(controlNumber),
  seal: optional(seal),
  counterpart: optional(counterpartSchema),
  amounts: optional(amountsSchema).transform((v) => v ?? {}),
  attributes: optional(attributesSchema).transform((v) => {
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v ?? {})) if (val !== undefined) out[k] = val;
    return out;
  }),
  excludeFromBooks: optional(z.boolean()).transform((v) => v ?? false),
});

export type FiscalRecord = z.output<typeof fiscalRecordSchema>;
export type Counterpart = z.output<typeof counterpartSchema>;
