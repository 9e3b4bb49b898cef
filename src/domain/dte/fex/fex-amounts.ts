/**
 * Factura de Exportación (11) amounts, per MH's structure manual (FEX fields 57–70): exports are
 * "ventas afectas" at a 0 % rate — item ventaGravada = precioUni × cantidad − montoDescu (8
 * decimals), tributo C3 (IVA exportaciones 0 %) on each such line; a charge/credit outside the tax
 * base (`no_gravado`) goes in noGravado with precioUni 0, no discount and no tributo.
 * Summary: totalGravada = Σ ventaGravada; montoTotalOperacion = totalGravada − descuGravada + seguro
 * + flete; totalPagar = montoTotalOperacion + totalNoGravado; tributo C3 valued 0.00.
 */
import { amountInWords } from '../amount-in-words';
import { type Dec, HUNDRED, ZERO, dec, fixed2, round2, round8, sum } from '../amounts/decimal-math';
import type { FieldError, Totals } from '../dte.types';

export interface FexItemInput {
  quantity: string;
  unitPrice: string;
  discount?: string;
  tax?: string;
}

export interface FexItemAmounts {
  cantidad: string;
  precioUni: string;
  montoDescu: string;
  ventaGravada: string;
  noGravado: string;
  tributos: string[] | null;
}

export interface FexAmounts {
  items: FexItemAmounts[];
  totalGravada: string;
  descuGravada: string;
  porcentajeDescuento: string;
  totalDescu: string;
  seguro: string;
  flete: string;
  hasC3: boolean;
  montoTotalOperacion: string;
  totalNoGravado: string;
  totalPagar: string;
  totals: Totals;
}

export const EXPORT_TRIBUTE = 'C3';

const s8 = (v: Dec): string => round8(v).toFixed();

export function computeFexAmounts(
  items: readonly FexItemInput[],
  opts: { globalDiscount?: string; insurance?: string; freight?: string },
): { ok: true; value: FexAmounts } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lines = items.map((item, i) => {
    const quantity = dec(item.quantity);
    const gross = round8(quantity.times(dec(item.unitPrice)));
    if (item.tax === 'no_gravado') {
      return { cantidad: s8(quantity), precioUni: '0', montoDescu: '0', ventaGravada: ZERO, noGravado: gross, discount: ZERO, tributos: null };
    }
    const discount = dec(item.discount);
    if (discount.gt(gross)) {
      errors.push({ path: `items[${i}].discount`, code: 'discount_exceeds_amount', message: `El descuento (${discount.toFixed()}) supera el monto de la línea (${gross.toFixed()}).` });
    }
    const venta = round8(gross.minus(discount));
    return {
      cantidad: s8(quantity), precioUni: s8(dec(item.unitPrice)), montoDescu: s8(discount), ventaGravada: venta, noGravado: ZERO, discount,
      tributos: venta.isZero() ? null : [EXPORT_TRIBUTE],
    };
  });
  const totalGravada = round2(sum(lines.map((l) => l.ventaGravada)));
  const descuGravada = dec(opts.globalDiscount);
  if (errors.length === 0 && descuGravada.gt(totalGravada)) {
    errors.push({ path: 'globalDiscount.gravada', code: 'discount_exceeds_amount', message: `El descuento global (${fixed2(descuGravada)}) supera el total de las exportaciones (${fixed2(totalGravada)}).` });
  }
  if (errors.length > 0) return { ok: false, errors };
  const porcentaje = totalGravada.gt(ZERO) && descuGravada.gt(ZERO) ? descuGravada.times(HUNDRED).divRound(totalGravada, 2) : ZERO;
  const totalDescu = round2(sum(lines.map((l) => l.discount))).plus(descuGravada);
  const seguro = dec(opts.insurance);
  const flete = dec(opts.freight);
  const monto = totalGravada.minus(descuGravada).plus(seguro).plus(flete);
  const totalNoGravado = round2(sum(lines.map((l) => l.noGravado)));
  const totalPagar = monto.plus(totalNoGravado);
  if (totalPagar.isNegative()) {
    return { ok: false, errors: [{ path: 'items', code: 'total_negative', message: `El total a pagar resultaría negativo (${fixed2(totalPagar)}); revise los abonos no gravados.` }] };
  }
  const words = amountInWords(fixed2(totalPagar));
  return {
    ok: true,
    value: {
      items: lines.map((l) => ({ cantidad: l.cantidad, precioUni: l.precioUni, montoDescu: l.montoDescu, ventaGravada: s8(l.ventaGravada), noGravado: s8(l.noGravado), tributos: l.tributos })),
      totalGravada: fixed2(totalGravada),
      descuGravada: fixed2(descuGravada),
      porcentajeDescuento: fixed2(porcentaje),
      totalDescu: fixed2(totalDescu),
      seguro: fixed2(seguro),
      flete: fixed2(flete),
      hasC3: lines.some((l) => l.tributos !== null),
      montoTotalOperacion: fixed2(monto),
      totalNoGravado: fixed2(totalNoGravado),
      totalPagar: fixed2(totalPagar),
      totals: { subtotal: fixed2(totalGravada.minus(descuGravada)), iva: '0.00', total: fixed2(totalPagar), totalInWords: words },
    },
  };
}
