/**
 * The amount engine: items (8 decimals) → summary (2 decimals) → API totals. Pure; every amount in
 * and out is a decimal string.
 */
import type { DteType, FieldError } from '../dte.types';
import type { AmountsInput, AmountsResult } from './amount.types';
import { MH_AMOUNT_LIMIT } from './decimal-math';
import { computeItem, itemAmountsOf, type ItemDecimals } from './item-amounts';
import { computeSummary } from './summary-amounts';
import { checkItemTributes } from './tribute-rules';

/** Types whose schema carries `ivaPerci` and on which the service applies perception. */
const PERCEPTION_TYPES: readonly DteType[] = ['03'];
/** Types with per-bucket global discounts (descuGravada, descuExenta, descuNoSuj). */
export const GLOBAL_DISCOUNT_TYPES: readonly DteType[] = ['01', '03'];

export function computeAmounts(input: AmountsInput): AmountsResult {
  const { type } = input;
  const errors: FieldError[] = [];
  if (input.items.length === 0) errors.push({ path: 'items', code: 'required', message: 'El documento necesita al menos un ítem.' });
  input.items.forEach((item, i) => errors.push(...checkItemTributes(type, item, i)));
  if (input.perception && input.withholdingIva1) {
    errors.push({
      path: 'perception',
      code: 'invalid_combination',
      message: 'La percepción y la retención de IVA 1 % se excluyen en un mismo documento: percibe el gran contribuyente que vende bienes a quien no lo es (Código Tributario art. 163); retiene el gran contribuyente que compra a quien no lo es (art. 162). Indique solo una.',
    });
  } else if (input.perception) {
    if (!PERCEPTION_TYPES.includes(type)) {
      errors.push({ path: 'perception', code: 'perception_not_allowed', message: 'La percepción de IVA 1 % solo se aplica en comprobantes de crédito fiscal (03).' });
    } else if (!input.isLargeTaxpayer) {
      errors.push({ path: 'perception', code: 'perception_not_allowed', message: 'La percepción de IVA 1 % solo la aplican emisores calificados como gran contribuyente.' });
    }
  }
  const g = input.globalDiscount;
  if (g && !GLOBAL_DISCOUNT_TYPES.includes(type) && [g.gravada, g.exenta, g.noSujeta].some((v) => v !== undefined)) {
    errors.push({ path: 'globalDiscount', code: 'not_allowed_for_type', message: `El documento tipo ${type} no tiene descuentos globales en su esquema oficial.` });
  }
  if (errors.length > 0) return { ok: false, errors };

  const items: ItemDecimals[] = [];
  input.items.forEach((item, i) => {
    const r = computeItem(type, item, i);
    if ('errors' in r) errors.push(...r.errors);
    else {
      const big = [r.value.ventaGravada, r.value.ventaExenta, r.value.ventaNoSuj, r.value.noGravado.abs()].some((v) => v.gte(MH_AMOUNT_LIMIT));
      if (big) errors.push({ path: `items[${i}]`, code: 'out_of_range', message: 'El monto de la línea supera el máximo que admite MH (100,000,000,000).' });
      items.push(r.value);
    }
  });
  if (errors.length > 0) return { ok: false, errors };

  const s = computeSummary(items, {
    type,
    globalDiscount: input.globalDiscount,
    withholdingIva1: input.withholdingIva1 === true,
    perception: input.perception === true,
  });
  if ('errors' in s) return { ok: false, errors: s.errors };
  const { summary, withheld, perceived, warnings } = s.value;
  return {
    ok: true,
    value: {
      items: items.map((d) => itemAmountsOf(d, withheld, perceived)),
      summary,
      totals: { subtotal: summary.subTotal, iva: summary.iva, total: summary.totalPagar, totalInWords: summary.totalLetras },
      warnings,
    },
  };
}
