/**
 * Documento Contable de Liquidación (09) amounts, per MH's structure manual (DCL fields 45–55): the
 * card issuer (perception agent) settles with an affiliated merchant.
 *   subTotal              = valorOperaciones (gross, IVA included) − montoSinPercepcion
 *   montoSujetoPercepcion = subTotal ÷ 1.13 (net of IVA), to cents
 *   iva                   = subTotal − montoSujetoPercepcion (so the two add up to the subtotal)
 *   ivaPercibido          = montoSujetoPercepcion × 2 %, to cents
 *   ivaComision           = comision × 13 %, to cents
 *   liquidoApagar         = valorOperaciones − ivaPercibido − comision − ivaComision
 */
import { amountInWords } from '../amount-in-words';
import { IVA_FACTOR, IVA_RATE, ZERO, dec, fixed2, round2 } from '../amounts/decimal-math';
import type { FieldError, Totals } from '../dte.types';

export const DCL_PERCEPTION_RATE = dec('0.02');

export interface DclInput {
  operationsAmount: string;
  nonPerceptionAmount?: string;
  commission: string;
}

export interface DclAmounts {
  valorOperaciones: string;
  montoSinPercepcion: string;
  subTotal: string;
  iva: string;
  montoSujetoPercepcion: string;
  ivaPercibido: string;
  comision: string;
  ivaComision: string;
  liquidoApagar: string;
  totals: Totals;
}

export function computeDclAmounts(input: DclInput): { ok: true; value: DclAmounts } | { ok: false; errors: FieldError[] } {
  const valor = dec(input.operationsAmount);
  const sinPercepcion = dec(input.nonPerceptionAmount);
  const comision = dec(input.commission);
  const subTotal = valor.minus(sinPercepcion);
  const errors: FieldError[] = [];
  if (subTotal.lte(ZERO)) {
    return { ok: false, errors: [{ path: 'settlement.nonPerceptionAmount', code: 'out_of_range', message: 'Los valores no sujetos a percepción deben ser menores que el valor de las operaciones.' }] };
  }
  const sujeto = subTotal.divRound(IVA_FACTOR, 2);
  const iva = subTotal.minus(sujeto);
  const percibido = round2(sujeto.times(DCL_PERCEPTION_RATE));
  const ivaComision = round2(comision.times(IVA_RATE));
  const liquido = valor.minus(percibido).minus(comision).minus(ivaComision);
  if (iva.lte(ZERO) || percibido.lte(ZERO)) {
    errors.push({ path: 'settlement.operationsAmount', code: 'out_of_range', message: 'El monto sujeto a percepción es demasiado pequeño: el IVA y la percepción (2 %) serían 0.00.' });
  }
  if (liquido.lte(ZERO)) {
    errors.push({ path: 'settlement.commission', code: 'out_of_range', message: 'La comisión, su IVA y la percepción no pueden igualar ni superar el valor de las operaciones.' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      valorOperaciones: fixed2(valor),
      montoSinPercepcion: fixed2(sinPercepcion),
      subTotal: fixed2(subTotal),
      iva: fixed2(iva),
      montoSujetoPercepcion: fixed2(sujeto),
      ivaPercibido: fixed2(percibido),
      comision: fixed2(comision),
      ivaComision: fixed2(ivaComision),
      liquidoApagar: fixed2(liquido),
      totals: { subtotal: fixed2(subTotal), iva: fixed2(iva), total: fixed2(liquido), totalInWords: amountInWords(fixed2(liquido)) },
    },
  };
}
