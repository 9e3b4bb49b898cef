/**
 * Params of each report type: zod schemas with the defaults the F-07 document suggests where MH is
 * ambiguous (§9, §10); the JSON Schemas of REPORT_TYPES are derived from them. Every key is a single
 * lowercase word, so snake_case ↔ camelCase conversion at the REST layer never changes it.
 */
import { z } from 'zod';
import type { FieldError } from '../dte/dte.types';
import { issuesToFieldErrors, spanishIssueMessage } from '../dte/zod-issue-mapper';

export const REPORT_TYPE_NAMES = [
  'f07_anexo1', 'f07_anexo2', 'f07_anexo3', 'f07_anexo4', 'f07_anexo5', 'f07_anexo7', 'f07_anexo8', 'f07_anexo9',
  'f07_anexo10', 'f07_anexo12', 'f07_anulados', 'libro_ventas_contribuyentes', 'libro_ventas_consumidor', 'libro_compras',
  'detalle_exportaciones',
] as const;
export type ReportType = (typeof REPORT_TYPE_NAMES)[number];

/** The VAT books (RCT 83–86: CSV with header and totals, XLSX, PDF); every other type is an F-07 annex. */
export function isBookType(type: ReportType): boolean {
  return type.startsWith('libro_') || type === 'detalle_exportaciones';
}

const encoding = z.enum(['utf-8', 'windows-1252']).default('utf-8')
  .describe('Codificación del archivo (MH no la indica, §10 Q1): utf-8 sin BOM (por omisión) o windows-1252 (lo que escribe Excel en Windows en español).');
const eol = z.enum(['crlf', 'lf']).default('crlf')
  .describe('Fin de línea (MH no lo indica, §10 Q2): crlf (por omisión, como Excel) o lf.');
const quoting = z.enum(['none', 'minimal', 'all']).default('none')
  .describe('Comillas (§10 Q2): none (por omisión; el texto libre se limpia de ; " y saltos de línea), minimal (solo si hace falta) o all.');
const voids = z.enum(['void_date', 'issue_date']).default('void_date')
  .describe('Período de una invalidación (§10 Q5, Q11): void_date (por omisión; el documento sigue en su período de emisión y la anulación se informa en el mes en que ocurre, CT 111 y RCT 87) o issue_date (se retira de su período de emisión).');
const codes = z.enum(['compact', 'hyphenated']).default('compact')
  .describe('Formato del código de generación: compact (32 caracteres sin guiones, por omisión) o hyphenated (36 caracteres).');
const notes = z.enum(['negative', 'positive']).default('negative')
  .describe('Signo de las notas de crédito en el libro: negative (restan en los totales, por omisión) o positive.');
const bookEncoding = z.enum(['utf-8-bom', 'utf-8', 'windows-1252']).default('utf-8-bom')
  .describe('Codificación del CSV del libro: utf-8-bom (por omisión, Excel reconoce los acentos), utf-8 o windows-1252.');

const income = z.enum(['infer', 'blank']).default('infer')
  .describe('Tipo de operación y tipo de ingreso (Renta) de un documento sin la etiqueta income_codes, desde el período 01/2025 (el portal del MH rechaza columnas vacías): infer (por omisión; se deducen de los montos —solo gravadas 1, solo exentas o no sujetas 2, ambas 4 Mixta— y de los ítems —todos servicios 2, si no 3 Comerciales; exportación 7 bienes o 9 servicios— con la advertencia inferred_income_codes) o blank (vacías, con la advertencia missing_income_codes). Los documentos etiquetados con PATCH /v1/documents/{id}/fiscal no cambian.');

const annexCsv = { encoding, eol, quoting };

export const REPORT_PARAMS_SCHEMAS = {
  f07_anexo1: z.strictObject({
    ...annexCsv,
    total: z.enum(['without_debits', 'with_debits']).default('without_debits')
      .describe('Fórmula de la columna P "Total ventas" (§9 C1): without_debits = J+K+L+N (por omisión, captura del MH) o with_debits = J+K+L+M+N+O.'),
    voids,
    income: income.describe(`Columnas R/S: ${income.description}`),
  }),
  f07_anexo2: z.strictObject({
    ...annexCsv,
    codes: codes.describe('Columnas H/I (§10 Q3): compact (32 sin guiones, por omisión) o hyphenated (36).'),
    voids,
    income: income.describe(`Columnas U/V: ${income.description}`),
  }),
  f07_anexo3: z.strictObject(annexCsv),
  f07_anexo4: z.strictObject({ ...annexCsv, voids }),
  f07_anexo5: z.strictObject({ ...annexCsv, voids }),
  f07_anexo7: z.strictObject(annexCsv),
  f07_anexo8: z.strictObject(annexCsv),
  f07_anexo9: z.strictObject({ ...annexCsv, voids }),
  f07_anexo10: z.strictObject({ ...annexCsv, voids }),
  f07_anexo12: z.strictObject({ ...annexCsv, voids }),
  f07_anulados: z.strictObject({
    ...annexCsv,
    resolution: z.enum(['compact', 'hyphenated']).default('compact')
      .describe('Columna A, número de control (§9 C3): compact (28 sin guiones, por omisión) o hyphenated (31).'),
    generation: z.enum(['hyphenated', 'compact']).default('hyphenated')
      .describe('Columna J, código de generación (§9 C3): hyphenated (36 caracteres, texto literal del MH, por omisión) o compact (32).'),
    voids,
  }),
  libro_ventas_contribuyentes: z.strictObject({ encoding: bookEncoding, notes, codes, voids }),
  libro_ventas_consumidor: z.strictObject({
    encoding: bookEncoding,
    grouping: z.enum(['point_of_sale', 'day']).default('point_of_sale')
      .describe('Una línea por día y punto de venta (point_of_sale, por omisión: RCT 83 b–c, la serie del número de control es por establecimiento y punto de venta) o por día (day).'),
    codes,
    voids,
  }),
  libro_compras: z.strictObject({ encoding: bookEncoding, notes, codes }),
  detalle_exportaciones: z.strictObject({ encoding: bookEncoding, codes: codes.describe('Columna c, número de la factura (RCT 84 c): código de generación compact (32 caracteres sin guiones, por omisión) o hyphenated (36).'), voids }),
} as const satisfies Record<ReportType, z.ZodType>;

export type ReportParams<T extends ReportType> = z.output<(typeof REPORT_PARAMS_SCHEMAS)[T]>;
export type AnnexCsvParams = { encoding: 'utf-8' | 'windows-1252'; eol: 'crlf' | 'lf'; quoting: 'none' | 'minimal' | 'all' };
export type BookCsvParams = { encoding: 'utf-8-bom' | 'utf-8' | 'windows-1252' };

export function isReportType(value: unknown): value is ReportType {
  return typeof value === 'string' && (REPORT_TYPE_NAMES as readonly string[]).includes(value);
}

/** Validates params (absent → all defaults) and fills the defaults. */
export function parseReportParams<T extends ReportType>(type: T, params: unknown): { ok: true; value: ReportParams<T> } | { ok: false; errors: FieldError[] } {
  const schema = REPORT_PARAMS_SCHEMAS[type] as z.ZodType;
  const parsed = schema.safeParse(params ?? {}, { error: spanishIssueMessage, reportInput: true });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues).map((e) => ({ ...e, path: e.path ? `params.${e.path}` : 'params' })) };
  return { ok: true, value: parsed.data as ReportParams<T> };
}

/** Defaults of a type (what `{}` means). */
export function defaultReportParams<T extends ReportType>(type: T): ReportParams<T> {
  return REPORT_PARAMS_SCHEMAS[type].parse({}) as ReportParams<T>;
}
