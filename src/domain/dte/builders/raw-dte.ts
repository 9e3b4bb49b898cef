/**
 * The advanced `raw` body: an already assembled MH JSON (unsigned). The engine checks that it is
 * the expected type, version and environment and belongs to the issuer, fills
 * `identificacion.numeroControl` / `codigoGeneracion` only when absent or null (from the context),
 * and validates it against the official schema. Schema problems are the user's (422), with paths
 * prefixed `raw.`. The caller's object is not modified.
 */
import Decimal from 'decimal.js';
import { amountInWords } from '../amount-in-words';
import { ALL_DTE_TYPES, isExtendedDteType, type AnyDteType, type DteType, type FieldError, type Totals } from '../dte.types';
import { extendedRawTotals } from '../extended/raw-totals';
import {
  OFFICIAL_SCHEMAS, OFFICIAL_VERSION_BY_DTE_TYPE, schemaKindForDteType, validateOfficialJson,
} from '../schemas/official-schema-validator';
import type { BuildContext } from './build-context';
import { orderBySchema } from './schema-key-order';

type Json = Record<string, unknown>;

export type RawResult =
  | { ok: true; json: Json; totals: Totals; warnings: { code: string; message: string }[] }
  | { ok: false; errors: FieldError[] };

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeOfControlNumber(controlNumber: string): AnyDteType {
  const t = controlNumber.slice(4, 6) as AnyDteType;
  if (!ALL_DTE_TYPES.includes(t)) throw new Error(`BUG: número de control sin tipo soportado: ${controlNumber}`);
  return t;
}

/**
 * The field of `emisor` that carries the issuer's NIT: `nit` in every type but the CD (fe-cd-v2),
 * whose issuer — the donee — is identified by `tipoDocumento` (36, NIT) and `numDocumento`.
 */
export const RAW_ISSUER_ID_FIELD: Readonly<Record<AnyDteType, 'nit' | 'numDocumento'>> = {
  '01': 'nit', '03': 'nit', '04': 'nit', '05': 'nit', '06': 'nit', '07': 'nit', '08': 'nit', '09': 'nit', '11': 'nit', '14': 'nit', '15': 'numDocumento',
};

function money(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? new Decimal(String(v)).toFixed(2) : '0.00';
}

/** Totals as the API shows them, read from the document's own resumen. */
function totalsOf(type: DteType, resumen: Json): Totals {
  let iva: string;
  if (type === '03') {
    const tributos = Array.isArray(resumen.tributos) ? (resumen.tributos as Json[]) : [];
    iva = money(tributos.find((t) => t.codigo === '20')?.valor ?? 0);
  } else iva = money(resumen.totalIva);
  const total = money(resumen.totalPagar);
  // NC/ND v4 have no subTotal and no global discounts: their subtotal is subTotalVentas.
  const subtotal = type === '05' || type === '06' ? money(resumen.subTotalVentas) : money(resumen.subTotal);
  const words = typeof resumen.totalLetras === 'string' && resumen.totalLetras.trim() ? resumen.totalLetras : amountInWords(total);
  return { subtotal, iva, total, totalInWords: words };
}

export function prepareRawDte(raw: unknown, ctx: BuildContext, expectedType?: AnyDteType): RawResult {
  const type = expectedType ?? typeOfControlNumber(ctx.controlNumber);
  if (!isObject(raw)) return { ok: false, errors: [{ path: 'raw', code: 'invalid_type', message: 'raw debe ser el objeto JSON del DTE.' }] };
  const doc = structuredClone(raw);
  const ident = doc.identificacion;
  if (!isObject(ident)) {
    return { ok: false, errors: [{ path: 'raw.identificacion', code: 'required', message: 'Falta la sección identificacion.' }] };
  }
  const errors: FieldError[] = [];
  const mismatch = (path: string, message: string) => errors.push({ path: `raw.${path}`, code: 'value_mismatch', message });
  if (ident.tipoDte !== type) mismatch('identificacion.tipoDte', `Debe ser "${type}", el tipo de la solicitud.`);
  if (ident.version !== OFFICIAL_VERSION_BY_DTE_TYPE[type]) {
    mismatch('identificacion.version', `Debe ser ${OFFICIAL_VERSION_BY_DTE_TYPE[type]}, la versión del esquema oficial 2026 de este tipo.`);
  }
  if (ident.ambiente !== ctx.environment) mismatch('identificacion.ambiente', `Debe ser "${ctx.environment}", el ambiente de la solicitud.`);
  const issuerId = RAW_ISSUER_ID_FIELD[type];
  if (isObject(doc.emisor) && doc.emisor[issuerId] !== ctx.emitter.nit) {
    errors.push({ path: `raw.emisor.${issuerId}`, code: 'emitter_mismatch', message: 'El NIT del documento no es el del emisor de la solicitud.' });
  }
  if (errors.length > 0) return { ok: false, errors };

  if (ident.numeroControl === undefined || ident.numeroControl === null) ident.numeroControl = ctx.controlNumber;
  if (ident.codigoGeneracion === undefined || ident.codigoGeneracion === null) ident.codigoGeneracion = ctx.generationCode;

  const kind = schemaKindForDteType(type);
  const json = orderBySchema(doc, OFFICIAL_SCHEMAS[kind]) as Json;
  const result = validateOfficialJson(kind, json);
  if (!result.valid) {
    return {
      ok: false,
      errors: result.errors.map((e) => ({ path: e.path ? `raw.${e.path}` : 'raw', code: 'schema_violation', message: e.message })),
    };
  }
  const totals = isExtendedDteType(type) ? extendedRawTotals(type, json) : totalsOf(type, json.resumen as Json);
  return { ok: true, json, totals, warnings: [] };
}
