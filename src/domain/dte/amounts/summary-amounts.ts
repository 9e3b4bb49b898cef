/**
 * Summary (resumen) amounts, computed from the ROUNDED item values and rounded half up to 2
 * decimals — MH recomputes them the same way and accepts ±0.01.
 *
 * FE (prices include IVA):  subTotal = subTotalVentas − global discounts;
 *   totalIva = Σ ivaItem − IVA contained in the taxed global discount;
 *   montoTotalOperacion = subTotal + Σ tributos (no IVA added, it is inside);
 *   totalPagar = montoTotalOperacion − ivaRete + totalNoGravado.
 * CCF/NC/ND (prices exclude IVA): IVA = tributo 20 = (totalGravada − descuGravada) × 0.13;
 *   montoTotalOperacion = subTotal + Σ tributos (IVA included);
 *   totalPagar = montoTotalOperacion + ivaPerci − ivaRete + totalNoGravado.
 * totalDescu (informative) = Σ item discounts + global discounts (MH manual, discounts section).
 * Withholding (Código Tributario art. 162: a large-taxpayer buyer of goods or services): 1 % of the
 * taxed base without IVA (FE: (totalGravada − descuGravada)/1.13), from 100.00 USD of that base.
 * Perception (art. 163: a large-taxpayer seller of goods): 1 % of the taxed GOODS base without IVA
 * (item types 1 and 3, after their share of the taxed global discount), from 100.00 USD of it.
 * Below the threshold neither applies and the document gets a warning saying so.
 * Rate-based section-1 tributes (59) use the same discounted base as IVA; per-unit ones do not.
 */
import { amountInWords } from '../amount-in-words';
import type { DteType, FieldError, Warning } from '../dte.types';
import type { GlobalDiscountInput, SummaryAmounts, SummaryTribute } from './amount.types';
import { ExactDecimal } from './exact-decimal';
import { type Dec, HUNDRED, IVA_FACTOR, IVA_RATE, MH_AMOUNT_LIMIT, ONE, ONE_PERCENT, ZERO, dec, fixed2, round2, sum } from './decimal-math';
import type { ItemDecimals } from './item-amounts';
import { IVA_TRIBUTE, tributeName, type LineTribute } from './tribute-rules';

/** CT arts. 162 and 163: withholding and perception apply to operations of 100.00 USD or more (without IVA). */
export const WITHHOLDING_THRESHOLD = dec('100.00');

export interface SummaryOptions {
  type: DteType;
  globalDiscount?: GlobalDiscountInput;
  withholdingIva1: boolean;
  perception: boolean;
}

export interface SummaryDecimals {
  summary: SummaryAmounts;
  withheld: boolean;
  perceived: boolean;
  warnings: Warning[];
}

/** The taxed global discount spread over part of the taxed sales: `part × taxedAmount / totalGravada`, 2 decimals. */
function afterTaxedDiscount(part: Dec, totalGravada: Dec, taxedAmount: Dec): Dec {
  if (taxedAmount.eq(totalGravada) || totalGravada.isZero()) return round2(part);
  return part.times(taxedAmount).divRound(totalGravada, 2);
}

/**
 * A section-1 tribute of the summary: Σ of its line values (2 decimals). A rate-based one (59…) is
 * levied on the same base as IVA, the taxed sales after the taxed global discount, so the
 * discount's share of its lines is taken off; a per-unit one (71, D1, C8 per gallon) stays on the
 * quantity.
 */
function tributeValue(lines: readonly LineTribute[], totalGravada: Dec, taxedAmount: Dec): Dec {
  const perUnit = sum(lines.filter((t) => !t.rateBased).map((t) => t.value));
  const rated = sum(lines.filter((t) => t.rateBased).map((t) => t.value));
  return round2(perUnit.plus(afterTaxedDiscount(rated, totalGravada, taxedAmount)));
}

/**
 * Base of the IVA perception (Código Tributario art. 163): the taxed sales of goods (CAT-011 item
 * types 1 and 3), after their share of the taxed global discount; CCF prices exclude IVA.
 */
function perceptionBase(items: readonly ItemDecimals[], totalGravada: Dec, taxedAmount: Dec): Dec {
  const goods = sum(items.filter((i) => i.goods).map((i) => i.ventaGravada));
  return afterTaxedDiscount(goods, totalGravada, taxedAmount);
}

function checkDiscount(errors: FieldError[], field: string, discount: Dec, total: Dec, label: string): void {
  if (discount.gt(total)) {
    errors.push({
      path: `globalDiscount.${field}`,
      code: 'discount_exceeds_amount',
      message: `El descuento global a ventas ${label} (${discount.toFixed(2)}) supera el total de esas ventas (${total.toFixed(2)}).`,
    });
  }
}

export function computeSummary(items: readonly ItemDecimals[], opts: SummaryOptions): { value: SummaryDecimals } | { errors: FieldError[] } {
  const { type } = opts;
  const errors: FieldError[] = [];
  const totalNoSuj = round2(sum(items.map((i) => i.ventaNoSuj)));
  const totalExenta = round2(sum(items.map((i) => i.ventaExenta)));
  const totalGravada = round2(sum(items.map((i) => i.ventaGravada)));
  const totalNoGravado = round2(sum(items.map((i) => i.noGravado)));
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada);

  const descuNoSuj = dec(opts.globalDiscount?.noSujeta);
  const descuExenta = dec(opts.globalDiscount?.exenta);
  const descuGravada = dec(opts.globalDiscount?.gravada);
  checkDiscount(errors, 'noSujeta', descuNoSuj, totalNoSuj, 'no sujetas');
  checkDiscount(errors, 'exenta', descuExenta, totalExenta, 'exentas');
  checkDiscount(errors, 'gravada', descuGravada, totalGravada, 'gravadas');
  if (errors.length > 0) return { errors };

  const globalDiscounts = descuNoSuj.plus(descuExenta).plus(descuGravada);
  const porcentajeDescuento = subTotalVentas.gt(ZERO) && globalDiscounts.gt(ZERO) ? globalDiscounts.times(HUNDRED).divRound(subTotalVentas, 2) : ZERO;
  const totalDescu = round2(sum(items.map((i) => i.discount))).plus(globalDiscounts);
  const subTotal = subTotalVentas.minus(globalDiscounts);
  const taxedAmount = totalGravada.minus(descuGravada);

  let iva: Dec;
  if (type === '01') {
    // Σ ivaItem − descuGravada × 0.13 / 1.13, written as (Σ ivaItem × 1.13 − descuGravada × 0.13) / 1.13: one exact division.
    const ivaTimesFactor = sum(items.map((i) => i.ivaItem)).times(IVA_FACTOR).minus(descuGravada.times(IVA_RATE));
    iva = ExactDecimal.max(ZERO, ivaTimesFactor.divRound(IVA_FACTOR, 2));
  } else {
    iva = round2(taxedAmount.times(IVA_RATE));
  }

  const tributos: SummaryTribute[] = [];
  let tributesTotal = ZERO;
  if (type !== '01' && items.some((i) => i.tributos?.includes(IVA_TRIBUTE))) {
    tributos.push({ codigo: IVA_TRIBUTE, descripcion: tributeName(IVA_TRIBUTE), valor: fixed2(iva) });
    tributesTotal = tributesTotal.plus(iva);
  }
  const extraCodes: string[] = [];
  for (const i of items) for (const t of i.tributes) if (!extraCodes.includes(t.code)) extraCodes.push(t.code);
  for (const code of extraCodes) {
    const lines = items.flatMap((i) => i.tributes.filter((t) => t.code === code));
    const value = tributeValue(lines, totalGravada, taxedAmount);
    tributos.push({ codigo: code, descripcion: tributeName(code), valor: fixed2(value) });
    tributesTotal = tributesTotal.plus(value);
  }

  const montoTotalOperacion = subTotal.plus(tributesTotal);
  // The taxed base without IVA is taxedAmount / baseDivisor (FE prices include IVA).
  const baseDivisor = type === '01' ? IVA_FACTOR : ONE;
  const warnings: Warning[] = [];
  let withheld = false;
  let ivaRete = ZERO;
  if (opts.withholdingIva1) {
    if (taxedAmount.gte(WITHHOLDING_THRESHOLD.times(baseDivisor))) {
      withheld = true;
      ivaRete = taxedAmount.times(ONE_PERCENT).divRound(baseDivisor, 2);
    } else {
      warnings.push({
        code: 'withholding_below_threshold',
        message: `No se aplicó la retención de IVA 1 %: la base gravada sin IVA (${taxedAmount.divRound(baseDivisor, 2).toFixed(2)} USD) es menor que 100.00 USD.`,
      });
    }
  }
  let perceived = false;
  let ivaPerci = ZERO;
  if (opts.perception) {
    // CT art. 163: goods only, without IVA, from 100.00 of that base.
    const base = perceptionBase(items, totalGravada, taxedAmount);
    if (base.gte(WITHHOLDING_THRESHOLD)) {
      perceived = true;
      ivaPerci = round2(base.times(ONE_PERCENT));
    } else {
      warnings.push({
        code: 'perception_below_threshold',
        message: `No se aplicó la percepción de IVA 1 %: la base gravada de bienes sin IVA (${base.toFixed(2)} USD) es menor que 100.00 USD.`,
      });
    }
  }
  const totalPagar = montoTotalOperacion.plus(ivaPerci).minus(ivaRete).plus(totalNoGravado);

  if (totalPagar.isNegative()) {
    return { errors: [{ path: 'items', code: 'total_negative', message: `El total a pagar resultaría negativo (${fixed2(totalPagar)}); revise los abonos no gravados.` }] };
  }
  const largest = ExactDecimal.max(subTotalVentas, montoTotalOperacion, totalPagar, totalNoGravado.abs(), totalDescu);
  if (largest.gte(MH_AMOUNT_LIMIT)) {
    return { errors: [{ path: 'items', code: 'out_of_range', message: 'Los totales del documento superan el máximo que admite MH (100,000,000,000.00).' }] };
  }

  return {
    value: {
      summary: {
        totalNoSuj: fixed2(totalNoSuj),
        totalExenta: fixed2(totalExenta),
        totalGravada: fixed2(totalGravada),
        subTotalVentas: fixed2(subTotalVentas),
        descuNoSuj: fixed2(descuNoSuj),
        descuExenta: fixed2(descuExenta),
        descuGravada: fixed2(descuGravada),
        porcentajeDescuento: fixed2(porcentajeDescuento),
        totalDescu: fixed2(totalDescu),
        tributos: tributos.length > 0 ? tributos : null,
        subTotal: fixed2(subTotal),
        iva: fixed2(iva),
        ivaPerci: fixed2(ivaPerci),
        ivaRete: fixed2(ivaRete),
        montoTotalOperacion: fixed2(montoTotalOperacion),
        totalNoGravado: fixed2(totalNoGravado),
        totalPagar: fixed2(totalPagar),
        totalLetras: amountInWords(round2(totalPagar).toFixed(2)),
      },
      withheld,
      perceived,
      warnings,
    },
  };
}
