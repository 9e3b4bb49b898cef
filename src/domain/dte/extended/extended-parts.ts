/**
 * Sections shared by the builders of the other seven types: identificacion (with or without the
 * contingency fields and `fusion`), the issuer's validated data, receivers' activity, payments, and
 * the required-field checks their request rules share.
 */
import { economicActivityName } from '../../catalog/catalogs';
import { localDateTime } from '../../mh-rules/el-salvador-time';
import type { BuildContext } from '../builders/build-context';
import { buildEmisor } from '../builders/emisor-section';
import { jsonNumber } from '../builders/json-number';
import type { DocumentCreateInput, ReceiverInput } from '../document-create.schema';
import { allowsContingency, type ExtendedDteType, type FieldError } from '../dte.types';
import { OFFICIAL_VERSION_BY_DTE_TYPE } from '../schemas/official-schema-validator';
import { TYPE_NAMES } from './field-placement';

type Json = Record<string, unknown>;

/** CAT-016 "Contado"; CAT-017 "Billetes y monedas". */
export const CASH_CONDITION = '1';
export const CASH_METHOD = '01';

/**
 * identificacion. Types that may be born in contingency carry tipoModelo/tipoOperacion 1 or 2 with
 * tipoContingencia/motivoContin; CL, DCL and CD have tipoModelo/tipoOperacion fixed to 1 and no
 * contingency fields. `fusion` (merged company's NIT) is null when the schema has it.
 */
export function buildIdentificacionFor(type: ExtendedDteType, ctx: BuildContext, opts: { fusion: boolean }): Json {
  const { date, time } = localDateTime(ctx.issuedAt);
  const c = ctx.contingency;
  if (c && !allowsContingency(type)) throw new Error(`BUG: ${TYPE_NAMES[type]} no se emite en contingencia`);
  const head: Json = {
    version: OFFICIAL_VERSION_BY_DTE_TYPE[type],
    ambiente: ctx.environment,
    tipoDte: type,
    numeroControl: ctx.controlNumber,
    codigoGeneracion: ctx.generationCode,
    tipoModelo: c ? 2 : 1,
    tipoOperacion: c ? 2 : 1,
  };
  if (allowsContingency(type)) {
    head.tipoContingencia = c ? c.type : null;
    head.motivoContin = c ? c.reason : null;
  }
  const out: Json = { ...head, fecEmi: date, horEmi: time, tipoMoneda: 'USD' };
  if (opts.fusion) out.fusion = null;
  return out;
}

/** The issuer's validated emisor values (nit, nrc, nombre, activity, address, phone, e-mail, codes). */
export function emisorValues(ctx: BuildContext): { value: Json } | { errors: FieldError[] } {
  return buildEmisor('03', ctx);
}

/** An object with exactly `keys`, in that order, taken from `from` (missing keys become null). */
export function ordered(from: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) out[k] = from[k] === undefined ? null : from[k];
  return out;
}

export function receiverActivity(r: ReceiverInput): { codActividad: string | null; descActividad: string | null } {
  const code = r.economicActivity ?? null;
  return { codActividad: code, descActividad: code ? economicActivityName(code) ?? null : r.activityDescription ?? null };
}

export function required(path: string, message: string): FieldError {
  return { path, code: 'required', message };
}

export type ReceiverNeed = 'name' | 'document' | 'economicActivity' | 'address' | 'email';

/** The receiver fields a type needs (422 `required` naming each one missing). */
export function checkReceiverNeeds(input: DocumentCreateInput, type: ExtendedDteType, needs: readonly ReceiverNeed[], label = 'receptor'): FieldError[] {
  const r = input.receiver;
  if (!r) return [required('receiver', `El ${label} es obligatorio en ${TYPE_NAMES[type]}.`)];
  const errors: FieldError[] = [];
  if (needs.includes('name') && r.name === undefined) errors.push(required('receiver.name', `El nombre del ${label} es obligatorio.`));
  if (needs.includes('document') && r.documentType === undefined && r.documentNumber === undefined) {
    errors.push(required('receiver.documentNumber', `El documento de identificación del ${label} es obligatorio.`));
  }
  if (needs.includes('economicActivity') && r.economicActivity === undefined) {
    errors.push(required('receiver.economicActivity', `La actividad económica del ${label} (CAT-019) es obligatoria.`));
  }
  if (needs.includes('address') && r.address === undefined) errors.push(required('receiver.address', `La dirección del ${label} es obligatoria.`));
  if (needs.includes('email') && r.email === undefined) errors.push(required('receiver.email', `El correo del ${label} es obligatorio.`));
  return errors;
}

/** Every line needs the item fields `fields` (422 `required` for each one missing). */
export function checkItemNeeds(input: DocumentCreateInput, fields: readonly ('type' | 'tax' | 'donationType')[]): FieldError[] {
  const errors: FieldError[] = [];
  if (input.items === undefined) return [required('items', 'El documento necesita al menos un ítem.')];
  input.items.forEach((item, i) => {
    for (const f of fields) if (item[f] === undefined) errors.push(required(`items[${i}].${f}`, 'Campo obligatorio.'));
  });
  return errors;
}

/**
 * `pagos`: the methods given; without them, one cash payment (01) of the whole total only when the
 * condition is cash (1) — a credit or mixed sale has no invented payment (null). With `terms`
 * false (CD) the methods carry only codigo, montoPago and referencia.
 */
export function buildPagosFor(payment: DocumentCreateInput['payment'], total: string, opts: { terms: boolean }): Json[] | null {
  const methods = payment?.methods;
  const shape = (codigo: string, montoPago: number, referencia: string | null, plazo: string | null, periodo: number | null): Json =>
    opts.terms ? { codigo, montoPago, referencia, plazo, periodo } : { codigo, montoPago, referencia };
  if (methods && methods.length > 0) {
    return methods.map((m) => shape(m.code, jsonNumber(m.amount), m.reference ?? null, m.term ?? null, m.period ?? null));
  }
  if ((payment?.condition ?? CASH_CONDITION) !== CASH_CONDITION) return null;
  return [shape(CASH_METHOD, jsonNumber(total), null, null, null)];
}

/** The methods given must add up to the total to pay. */
export function checkPaymentAddsUp(payment: DocumentCreateInput['payment'], total: string): FieldError[] {
  const methods = payment?.methods;
  if (!methods || methods.length === 0) return [];
  let cents = 0n;
  for (const m of methods) cents += toCents(m.amount);
  if (cents === toCents(total)) return [];
  return [{
    path: 'payment.methods',
    code: 'payment_total_mismatch',
    message: `Las formas de pago suman ${fromCents(cents)} y el total es ${total}.`,
  }];
}

function toCents(v: string): bigint {
  const [whole, frac = ''] = v.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
}

function fromCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
