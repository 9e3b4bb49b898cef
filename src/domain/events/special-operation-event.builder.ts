/**
 * Evento de Operaciones Especiales (CAT-002 17, schema fe-eop-v1): the monthly report, by a taxpayer
 * MH designated, of operations documented outside the DTE system — physical simplified invoices
 * (CAT-023 02, reported as a range `docDel`–`docAl`) and internal-control vouchers (97, one by one
 * with their number). tipoModelo/tipoOperacion are fixed to 1. Per line the sales per bucket (2
 * decimals) and the number of documents (`cantidad`, an integer; 1 for a voucher); precioUni is the
 * line's amount per document (8 decimals). Summary: the bucket totals, subTotal = their sum, total =
 * subTotal + tributos (none: these operations report their values as sold).
 */
import { amountInWords } from '../dte/amount-in-words';
import { ZERO, dec, fixed2, round2, sum } from '../dte/amounts/decimal-math';
import { jsonNumber as n } from '../dte/builders/json-number';
import type { FieldError, Totals } from '../dte/dte.types';
import { localDateTime } from '../mh-rules/el-salvador-time';
import { atLine, withEventAmountLimits } from './event-amount-limits';

export const SIMPLIFIED_INVOICE = '02';
export const INTERNAL_CONTROL_VOUCHER = '97';

export interface SpecialOperationLineInput {
  documentType: string;
  documentNumber?: string;
  rangeFrom?: string;
  rangeTo?: string;
  issuedOn?: string;
  quantity: number;
  description: string;
  noSujeta?: string;
  exenta?: string;
  gravada?: string;
  /** Generation code of an earlier special-operations event this line adjusts. */
  referenceEvent?: string;
}

export interface SpecialOperationEventInput {
  environment: '00' | '01';
  generationCode: string;
  at: Date;
  emitter: { nit: string; name: string };
  lines: readonly SpecialOperationLineInput[];
}

export type SpecialOperationBuild = { ok: true; json: Record<string, unknown>; totals: Totals } | { ok: false; errors: FieldError[] };

export function checkSpecialOperationLines(lines: readonly SpecialOperationLineInput[], today: string): FieldError[] {
  const errors: FieldError[] = [];
  if (lines.length === 0) return [{ path: 'lines', code: 'required', message: 'El evento necesita al menos una línea.' }];
  lines.forEach((l, i) => {
    const base = `lines[${i}]`;
    if (l.documentType === SIMPLIFIED_INVOICE) {
      if (l.rangeFrom === undefined) errors.push({ path: `${base}.rangeFrom`, code: 'required', message: 'Las facturas de venta simplificada (02) se informan por rango: indique el primer número.' });
      if (l.rangeTo === undefined) errors.push({ path: `${base}.rangeTo`, code: 'required', message: 'Indique el último número del rango de facturas de venta simplificada.' });
      if (l.documentNumber !== undefined) errors.push({ path: `${base}.documentNumber`, code: 'invalid_combination', message: 'Las facturas de venta simplificada se informan por rango (rangeFrom, rangeTo), no por número.' });
      errors.push(...rangeErrors(l, base));
    } else {
      if (l.documentNumber === undefined) errors.push({ path: `${base}.documentNumber`, code: 'required', message: 'Un comprobante de control interno (97) se informa con su número.' });
      if (l.rangeFrom !== undefined || l.rangeTo !== undefined) {
        errors.push({ path: `${base}.${l.rangeFrom !== undefined ? 'rangeFrom' : 'rangeTo'}`, code: 'invalid_combination', message: 'Solo las facturas de venta simplificada (02) se informan por rango.' });
      }
      if (l.quantity !== 1) errors.push({ path: `${base}.quantity`, code: 'invalid_combination', message: 'Un comprobante de control interno se informa uno por línea (cantidad 1).' });
    }
    if (l.issuedOn !== undefined && l.issuedOn > today) errors.push({ path: `${base}.issuedOn`, code: 'out_of_range', message: 'La fecha del documento no puede ser posterior a la del evento.' });
    const total = dec(l.noSujeta).plus(dec(l.exenta)).plus(dec(l.gravada));
    if (total.isZero()) errors.push({ path: `${base}.gravada`, code: 'required', message: 'Indique el valor de las operaciones (noSujeta, exenta o gravada).' });
  });
  return errors;
}

const DIGITS = /^\d{1,36}$/;

/**
 * A range of simplified invoices: both ends are document numbers (digits only), the first not after
 * the last, and `quantity` is the number of documents they span (to − from + 1).
 */
function rangeErrors(l: SpecialOperationLineInput, base: string): FieldError[] {
  if (l.rangeFrom === undefined || l.rangeTo === undefined) return [];
  const errors: FieldError[] = [];
  for (const k of ['rangeFrom', 'rangeTo'] as const) {
    if (!DIGITS.test(l[k]!)) errors.push({ path: `${base}.${k}`, code: 'invalid_format', message: 'El número de una factura de venta simplificada tiene solo dígitos (hasta 36).' });
  }
  if (errors.length) return errors;
  const from = BigInt(l.rangeFrom);
  const to = BigInt(l.rangeTo);
  if (from > to) return [{ path: `${base}.rangeFrom`, code: 'out_of_range', message: `El rango empieza después de terminar: ${l.rangeFrom} es mayor que ${l.rangeTo}.` }];
  const span = to - from + 1n;
  if (BigInt(l.quantity) !== span) {
    errors.push({ path: `${base}.quantity`, code: 'invalid_combination', message: `El rango ${l.rangeFrom}–${l.rangeTo} abarca ${span} documentos; la cantidad debe ser ${span}.` });
  }
  return errors;
}

export function buildSpecialOperationEvent(input: SpecialOperationEventInput): SpecialOperationBuild {
  return withEventAmountLimits('fe-eop-v1', 'lines', () => buildUnchecked(input));
}

function buildUnchecked(input: SpecialOperationEventInput): SpecialOperationBuild {
  const { date, time } = localDateTime(input.at);
  const errors = checkSpecialOperationLines(input.lines, date);
  if (errors.length > 0) return { ok: false, errors };
  const parsed = input.lines.map((l) => ({ l, noSuj: round2(dec(l.noSujeta)), exenta: round2(dec(l.exenta)), gravada: round2(dec(l.gravada)) }));
  const totalNoSuj = sum(parsed.map((p) => p.noSuj));
  const totalExenta = sum(parsed.map((p) => p.exenta));
  const totalGravada = sum(parsed.map((p) => p.gravada));
  const subTotal = totalNoSuj.plus(totalExenta).plus(totalGravada);
  const words = amountInWords(fixed2(subTotal));
  const json = {
    identificacion: {
      version: 1, ambiente: input.environment, tipoModelo: 1, tipoOperacion: 1, tipoEvento: '17', codigoGeneracion: input.generationCode,
      fecEmi: date, horEmi: time, tipoMoneda: 'USD',
    },
    emisor: { nit: input.emitter.nit, nombre: input.emitter.name.slice(0, 250) },
    cuerpoDocumento: parsed.map(({ l, noSuj, exenta, gravada }, i) => atLine(`lines[${i}]`, () => ({
      numItem: i + 1,
      codigoGeneracionRef: l.referenceEvent ?? null,
      tipoDocumento: l.documentType,
      numDocumento: l.documentNumber ?? null,
      fechaEmision: l.issuedOn ?? null,
      cantidad: l.quantity,
      descripcion: l.description,
      docDel: l.rangeFrom ?? null,
      docAl: l.rangeTo ?? null,
      precioUni: n(noSuj.plus(exenta).plus(gravada).divRound(dec(String(l.quantity)), 8).toFixed()),
      ventaNoSuj: n(fixed2(noSuj)),
      ventaExenta: n(fixed2(exenta)),
      ventaGravada: n(fixed2(gravada)),
      tributos: null,
    }))),
    resumen: {
      totalNoSuj: n(fixed2(totalNoSuj)),
      totalExenta: n(fixed2(totalExenta)),
      totalGravada: n(fixed2(totalGravada)),
      subTotal: n(fixed2(subTotal)),
      tributos: null,
      total: n(fixed2(subTotal)),
      totalLetras: words,
    },
    apendice: null,
  };
  return { ok: true, json, totals: { subtotal: fixed2(subTotal), iva: fixed2(ZERO), total: fixed2(subTotal), totalInWords: words } };
}
