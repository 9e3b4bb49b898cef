/**
 * Evento de Retorno (CAT-002 18, schema fe-eret-v1): goods returned (or a service diminished) on an
 * FE, FEX or FSE the issuer already had sealed, without invalidating it. Lines name the original's
 * line (`numItem`) and the quantity returned; the returned line keeps the original's unit price and
 * tributes, its discount is prorated (quantity returned ÷ quantity sold, 8 decimals) and its amount
 * is recomputed as MH computes a line: precioUni × cantidad − montoDescu, in the original's bucket
 * (FSE: `compra`). The quantity already returned by earlier returns is the caller's to give: a line
 * is never returned beyond what was sold (`return_exceeds_balance`).
 *
 * Summary (Normativa v2.0 Anexo V via odoo-localizations 03_events.md FR-122): subTotalVentas =
 * totalNoSuj + totalExenta + totalGravada + totalCompraExcluidos; montoTotalOperacion = subTotalVentas
 * + tributos + totalSeguro + totalFlete; totalPagar = montoTotalOperacion − ivaRete − reteRenta; FE
 * lines carry ivaItem = ventaGravada × 0.13 / 1.13 and totalIva = Σ ivaItem; an FSE return withholds
 * the original's income-tax rate on the purchases returned.
 */
import { amountInWords } from '../dte/amount-in-words';
import { type Dec, HUNDRED, IVA_FACTOR, IVA_RATE, ZERO, dec, fixed2, round2, round8, sum } from '../dte/amounts/decimal-math';
import { jsonNumber as n } from '../dte/builders/json-number';
import type { FieldError, Totals } from '../dte/dte.types';
import { localDateTime } from '../mh-rules/el-salvador-time';
import { atLine, withEventAmountLimits } from './event-amount-limits';

type Json = Record<string, unknown>;

/** Documents a return may be made against (FR-116). */
export const RETURNABLE_TYPES = ['01', '11', '14'] as const;
export type ReturnableType = (typeof RETURNABLE_TYPES)[number];

export interface ReturnLineInput {
  numItem: number;
  quantity: string;
}

export interface ReturnEventInput {
  environment: '00' | '01';
  generationCode: string;
  at: Date;
  emitter: { nit: string; name: string; establishmentCode: string; pointOfSaleCode: string };
  original: { type: ReturnableType; generationCode: string; issueDate: string; json: Json; rentaRate?: string | null };
  lines: readonly ReturnLineInput[];
  /** Quantity already returned per original line number (earlier returns that were not rejected). */
  returned: ReadonlyMap<number, string>;
}

export type ReturnBuild =
  | { ok: true; json: Json; totals: Totals; lines: { numItem: number; quantity: string }[] }
  | { ok: false; errors: FieldError[] };

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown): Dec => (typeof v === 'number' && Number.isFinite(v) ? dec(String(v)) : ZERO);
const s8 = (v: Dec): string => round8(v).toFixed();
const nullable = (v: unknown): unknown => (v === undefined ? null : v);

/** The returnable balance of an original line: quantity sold minus quantity already returned. */
export function returnableBalance(sold: string, returned: string | undefined): string {
  return dec(sold).minus(dec(returned)).toFixed();
}

interface ReturnedLine {
  numItem: number;
  quantity: Dec;
  source: Json;
  montoDescu: Dec;
  bucket: 'ventaNoSuj' | 'ventaExenta' | 'ventaGravada' | 'compra';
  amount: Dec;
}

function checkLines(input: ReturnEventInput, body: Json[]): { lines: ReturnedLine[] } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lines: ReturnedLine[] = [];
  const seen = new Set<number>();
  input.lines.forEach((l, i) => {
    const path = `lines[${i}]`;
    const source = body.find((b) => b.numItem === l.numItem);
    if (!source) {
      errors.push({ path: `${path}.numItem`, code: 'invalid_reference', message: `El documento original no tiene la línea ${l.numItem}.` });
      return;
    }
    if (seen.has(l.numItem)) {
      errors.push({ path: `${path}.numItem`, code: 'duplicate_value', message: `La línea ${l.numItem} ya está en este retorno.` });
      return;
    }
    seen.add(l.numItem);
    const charge = num(source.noGravado);
    const extra = (Array.isArray(source.tributos) ? source.tributos : []).filter((t) => t !== '20' && t !== 'C3');
    if (!charge.isZero() || source.tipoItem === 4 || extra.length > 0) {
      errors.push({ path: `${path}.numItem`, code: 'not_returnable', message: `La línea ${l.numItem} es un cargo/abono o un tributo del documento: no se devuelve.` });
      return;
    }
    const sold = num(source.cantidad);
    const quantity = dec(l.quantity);
    const balance = dec(returnableBalance(sold.toFixed(), input.returned.get(l.numItem)));
    if (quantity.gt(balance)) {
      errors.push({
        path: `${path}.quantity`, code: 'return_exceeds_balance',
        message: `La línea ${l.numItem} tiene ${balance.toFixed()} unidades por devolver (vendidas ${sold.toFixed()}); no se pueden devolver ${quantity.toFixed()}.`,
      });
      return;
    }
    const bucket = input.original.type === '14' ? 'compra'
      : (['ventaGravada', 'ventaExenta', 'ventaNoSuj'] as const).find((k) => !num(source[k]).isZero()) ?? 'ventaGravada';
    const montoDescu = sold.isZero() ? ZERO : num(source.montoDescu).times(quantity).divRound(sold, 8);
    const amount = round8(num(source.precioUni).times(quantity).minus(montoDescu));
    lines.push({ numItem: l.numItem, quantity, source, montoDescu, bucket, amount });
  });
  return errors.length > 0 ? { errors } : { lines };
}

/** `documento`: the original's receiver (null when the FE had none). */
function documento(type: ReturnableType, original: Json): Json | null {
  const r = obj(original.receptor);
  if (original.receptor === null || Object.keys(r).length === 0) return null;
  return {
    tipoDocumento: nullable(r.tipoDocumento),
    numDocumento: nullable(r.numDocumento),
    nombre: nullable(r.nombre),
    codPais: type === '11' ? nullable(r.codPais) : null,
    nombrePais: type === '11' ? nullable(r.nombrePais) : null,
    telefono: nullable(r.telefono),
    correo: nullable(r.correo),
  };
}

export function buildReturnEvent(input: ReturnEventInput): ReturnBuild {
  return withEventAmountLimits('fe-eret-v1', 'lines', () => buildUnchecked(input));
}

function buildUnchecked(input: ReturnEventInput): ReturnBuild {
  const type = input.original.type;
  const original = input.original.json;
  const body = (Array.isArray(original.cuerpoDocumento) ? original.cuerpoDocumento : []).map(obj);
  if (input.lines.length === 0) return { ok: false, errors: [{ path: 'lines', code: 'required', message: 'El retorno necesita al menos una línea.' }] };
  const checked = checkLines(input, body);
  if ('errors' in checked) return { ok: false, errors: checked.errors };
  const lines = checked.lines;
  if (lines.every((l) => l.amount.isZero())) {
    return { ok: false, errors: [{ path: 'lines', code: 'out_of_range', message: 'El valor devuelto es 0.00.' }] };
  }

  const col = (bucket: ReturnedLine['bucket']) => round2(sum(lines.filter((l) => l.bucket === bucket).map((l) => l.amount)));
  const totalNoSuj = col('ventaNoSuj');
  const totalExenta = col('ventaExenta');
  const totalGravada = col('ventaGravada');
  const totalCompra = col('compra');
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada).plus(totalCompra);
  const ivaItems = lines.map((l) => (type === '01' && l.bucket === 'ventaGravada' ? l.amount.times(IVA_RATE).divRound(IVA_FACTOR, 8) : ZERO));
  const totalIva = round2(sum(ivaItems));
  const rate = type === '14' && input.original.rentaRate ? dec(input.original.rentaRate) : ZERO;
  const reteRenta = rate.isZero() ? ZERO : totalCompra.times(rate).divRound(HUNDRED, 2);
  const montoTotalOperacion = subTotalVentas;
  const totalPagar = montoTotalOperacion.minus(reteRenta);
  const words = amountInWords(fixed2(totalPagar));
  const emisorOriginal = obj(original.emisor);
  const { date, time } = localDateTime(input.at);
  const hasC3 = lines.some((l) => Array.isArray(l.source.tributos) && l.source.tributos.includes('C3'));

  const json: Json = {
    identificacion: {
      version: 1, ambiente: input.environment, tipoModelo: 1, tipoOperacion: 1, tipoEvento: '18', tipoContingencia: null, motivoContin: null,
      codigoGeneracion: input.generationCode, fecEmi: date, horEmi: time, fusion: null, tipoMoneda: 'USD',
    },
    documentoRelacionado: [{ tipoDocumento: type, codigoGeneracion: input.original.generationCode, fechaEmision: input.original.issueDate }],
    emisor: {
      nit: input.emitter.nit,
      nombre: input.emitter.name.slice(0, 250),
      codEstableMH: input.emitter.establishmentCode,
      codEstable: input.emitter.establishmentCode,
      codPuntoVentaMH: input.emitter.pointOfSaleCode,
      codPuntoVenta: input.emitter.pointOfSaleCode,
      recintoFiscal: type === '11' ? nullable(emisorOriginal.recintoFiscal) : null,
      tipoRegimen: type === '11' ? nullable(emisorOriginal.tipoRegimen) : null,
      regimen: type === '11' ? nullable(emisorOriginal.regimen) : null,
      tipoItemExpor: type === '11' ? nullable(emisorOriginal.tipoItemExpor) : null,
    },
    documento: documento(type, original),
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: lines.map((l, i) => atLine(`lines[${i}]`, () => ({
      numItem: i + 1,
      tipoItem: l.source.tipoItem,
      codigoGeneracion: input.original.generationCode,
      cantidad: n(s8(l.quantity)),
      precioUni: n(s8(num(l.source.precioUni))),
      descripcion: l.source.descripcion,
      codigo: nullable(l.source.codigo),
      uniMedida: l.source.uniMedida,
      montoDescu: n(s8(l.montoDescu)),
      codTributo: nullable(l.source.codTributo),
      ventaNoSuj: n(l.bucket === 'ventaNoSuj' ? s8(l.amount) : '0'),
      ventaExenta: n(l.bucket === 'ventaExenta' ? s8(l.amount) : '0'),
      ventaGravada: n(l.bucket === 'ventaGravada' ? s8(l.amount) : '0'),
      compra: n(l.bucket === 'compra' ? s8(l.amount) : '0'),
      tributos: Array.isArray(l.source.tributos) ? l.source.tributos : null,
      psv: 0,
      ivaItem: n(s8(ivaItems[i])),
      noGravado: 0,
      seguro: 0,
      flete: 0,
      ivaRete: 0,
      reteRenta: 0,
    }))),
    resumen: {
      totalNoSuj: n(fixed2(totalNoSuj)),
      totalExenta: n(fixed2(totalExenta)),
      totalGravada: n(fixed2(totalGravada)),
      totalCompraExcluidos: n(fixed2(totalCompra)),
      subTotalVentas: n(fixed2(subTotalVentas)),
      tributos: hasC3 ? [{ codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%', valor: 0 }] : null,
      totalSeguro: type === '11' ? 0 : null,
      totalFlete: type === '11' ? 0 : null,
      montoTotalOperacion: n(fixed2(montoTotalOperacion)),
      ivaRete: 0,
      reteRenta: n(fixed2(reteRenta)),
      totalNoGravado: 0,
      totalPagar: n(fixed2(totalPagar)),
      totalLetras: words,
      totalNoOnerosas: 0,
      totalIva: n(fixed2(totalIva)),
      saldoFavor: 0,
    },
    apendice: null,
  };
  const iva = type === '01' ? fixed2(totalIva) : '0.00';
  return {
    ok: true,
    json,
    totals: { subtotal: fixed2(subTotalVentas), iva, total: fixed2(totalPagar), totalInWords: words },
    lines: lines.map((l) => ({ numItem: l.numItem, quantity: l.quantity.toFixed() })),
  };
}
