/**
 * Factura de Sujeto Excluido (14) amounts (MH-API-NOTES §7; FSE v2 schema): the issuer buys from a
 * person outside IVA, so there is no IVA. compra = precioUni × cantidad − montoDescu (8 decimals);
 * totalCompra = Σ compra; subTotal = totalCompra − descu (the global discount); reteRenta (income tax
 * withheld) = subTotal × the rate given (`withholding.renta`, a percentage), to cents;
 * totalPagar = subTotal − reteRenta. MH's own sample: 280.00 at 10 % → 28.00 → 252.00.
 */
import { amountInWords } from '../amount-in-words';
import { HUNDRED, ZERO, dec, fixed2, round2, round8, sum } from '../amounts/decimal-math';
import type { FieldError, Totals } from '../dte.types';

export interface FseItemInput {
  quantity: string;
  unitPrice: string;
  discount?: string;
}

export interface FseAmounts {
  items: { cantidad: string; precioUni: string; montoDescu: string; compra: string }[];
  totalCompra: string;
  descu: string;
  totalDescu: string;
  subTotal: string;
  reteRenta: string;
  totalPagar: string;
  totals: Totals;
}

export function computeFseAmounts(
  items: readonly FseItemInput[],
  opts: { globalDiscount?: string; rentaRate?: string },
): { ok: true; value: FseAmounts } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lines = items.map((item, i) => {
    const quantity = dec(item.quantity);
    const price = dec(item.unitPrice);
    const discount = dec(item.discount);
    const gross = round8(quantity.times(price));
    if (discount.gt(gross)) {
      errors.push({ path: `items[${i}].discount`, code: 'discount_exceeds_amount', message: `El descuento (${discount.toFixed()}) supera el monto de la línea (${gross.toFixed()}).` });
    }
    return { quantity, price, discount, compra: round8(gross.minus(discount)) };
  });
  const totalCompra = round2(sum(lines.map((l) => l.compra)));
  const descu = dec(opts.globalDiscount);
  if (errors.length === 0 && descu.gt(totalCompra)) {
    errors.push({ path: 'globalDiscount.total', code: 'discount_exceeds_amount', message: `El descuento global (${fixed2(descu)}) supera el total de las compras (${fixed2(totalCompra)}).` });
  }
  if (errors.length > 0) return { ok: false, errors };
  const subTotal = totalCompra.minus(descu);
  const reteRenta = opts.rentaRate ? subTotal.times(dec(opts.rentaRate)).divRound(HUNDRED, 2) : ZERO;
  const totalPagar = subTotal.minus(reteRenta);
  const words = amountInWords(fixed2(totalPagar));
  return {
    ok: true,
    value: {
      items: lines.map((l) => ({ cantidad: round8(l.quantity).toFixed(), precioUni: round8(l.price).toFixed(), montoDescu: round8(l.discount).toFixed(), compra: l.compra.toFixed() })),
      totalCompra: fixed2(totalCompra),
      descu: fixed2(descu),
      totalDescu: fixed2(round2(sum(lines.map((l) => l.discount))).plus(descu)),
      subTotal: fixed2(subTotal),
      reteRenta: fixed2(reteRenta),
      totalPagar: fixed2(totalPagar),
      totals: { subtotal: fixed2(subTotal), iva: '0.00', total: fixed2(totalPagar), totalInWords: words },
    },
  };
}
