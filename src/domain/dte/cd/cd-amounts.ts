/**
 * Comprobante de Donación (15) amounts, per MH's structure manual (Anexo 11): valor donado =
 * valorUni × cantidad − depreciación (8 decimals; depreciation applies to used goods only);
 * valorTotal = Σ valor (2 decimals). Cash (1): cantidad 1, unit 99 (otra), no depreciation;
 * service (3): unit 99, no depreciation; goods (2): any CAT-014 unit, depreciation when used.
 */
import { amountInWords } from '../amount-in-words';
import { dec, fixed2, round2, round8, sum } from '../amounts/decimal-math';
import type { FieldError, Totals } from '../dte.types';

export interface CdItemInput {
  donationType?: string;
  quantity: string;
  unitPrice: string;
  depreciation?: string;
}

export interface CdAmounts {
  items: { cantidad: string; valorUni: string; tipoDepreciacion: string; valor: string }[];
  valorTotal: string;
  /** Σ valor of the cash donations (type 1), to cents. */
  cashTotal: string;
  totals: Totals;
}

export const CASH_DONATION = '1';

export function computeCdAmounts(items: readonly CdItemInput[]): { ok: true; value: CdAmounts } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lines = items.map((item, i) => {
    const quantity = dec(item.quantity);
    const price = dec(item.unitPrice);
    const depreciation = dec(item.depreciation);
    const gross = round8(quantity.times(price));
    if (depreciation.gt(gross)) {
      errors.push({ path: `items[${i}].depreciation`, code: 'discount_exceeds_amount', message: `La depreciación (${depreciation.toFixed()}) supera el valor del bien (${gross.toFixed()}).` });
    }
    return { quantity, price, depreciation, valor: round8(gross.minus(depreciation)), cash: item.donationType === CASH_DONATION };
  });
  if (errors.length > 0) return { ok: false, errors };
  const total = round2(sum(lines.map((l) => l.valor)));
  return {
    ok: true,
    value: {
      items: lines.map((l) => ({ cantidad: round8(l.quantity).toFixed(), valorUni: round8(l.price).toFixed(), tipoDepreciacion: round8(l.depreciation).toFixed(), valor: l.valor.toFixed() })),
      valorTotal: fixed2(total),
      cashTotal: fixed2(round2(sum(lines.filter((l) => l.cash).map((l) => l.valor)))),
      totals: { subtotal: fixed2(total), iva: '0.00', total: fixed2(total), totalInWords: amountInWords(fixed2(total)) },
    },
  };
}
