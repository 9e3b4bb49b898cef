/**
 * Per-line amounts (8 decimals, half up): `venta = precioUni × cantidad − montoDescu` in the field
 * of the line's tax treatment; FE `ivaItem = ventaGravada × 0.13 / 1.13`; CCF/NC/ND line IVA
 * `ventaGravada × 0.13`. A `no_gravado` line carries its amount (quantity × price, may be negative)
 * in `noGravado` with precioUni 0 and no discount, as MH's manual describes those lines.
 */
import type { DteType, FieldError } from '../dte.types';
import type { AmountItemInput, ItemAmounts } from './amount.types';
import { type Dec, IVA_FACTOR, IVA_RATE, ONE_PERCENT, ZERO, dec, round8 } from './decimal-math';
import { IVA_TRIBUTE, bodyTributeCode, computeItemTributes, type LineTribute } from './tribute-rules';

/** Internal decimal form of a line, kept for the summary. */
export interface ItemDecimals {
  quantity: Dec;
  unitPrice: Dec;
  discount: Dec;
  ventaNoSuj: Dec;
  ventaExenta: Dec;
  ventaGravada: Dec;
  noGravado: Dec;
  ivaItem: Dec;
  lineIva: Dec;
  codTributo: string | null;
  tributos: string[] | null;
  tributes: LineTribute[];
  /** A transfer of goods (CAT-011 1 bienes, 3 bienes y servicios): the base of the IVA perception (CT art. 163). */
  goods: boolean;
}

/** CAT-011 item types that transfer goods (`bienes muebles corporales`): 1 bienes, 3 ambos. */
export const GOODS_ITEM_TYPES: readonly string[] = ['1', '3'];

export function computeItem(type: DteType, item: AmountItemInput, index: number): { value: ItemDecimals } | { errors: FieldError[] } {
  const quantity = dec(item.quantity);
  const unitPrice = dec(item.unitPrice);
  const discount = dec(item.discount);
  const gross = round8(quantity.times(unitPrice));
  const path = `items[${index}]`;
  if (item.tax === 'no_gravado') {
    if (!discount.isZero()) {
      return { errors: [{ path: `${path}.discount`, code: 'not_allowed_for_tax', message: 'Una línea no gravada (cargo/abono fuera de la base imponible) no lleva descuento.' }] };
    }
    return {
      value: {
        quantity, unitPrice: ZERO, discount: ZERO, ventaNoSuj: ZERO, ventaExenta: ZERO, ventaGravada: ZERO, noGravado: gross,
        ivaItem: ZERO, lineIva: ZERO, codTributo: null, tributos: null, tributes: [], goods: false,
      },
    };
  }
  if (discount.gt(gross)) {
    return { errors: [{ path: `${path}.discount`, code: 'discount_exceeds_amount', message: `El descuento (${discount.toFixed()}) supera el monto de la línea (${gross.toFixed()}).` }] };
  }
  const venta = round8(gross.minus(discount));
  const ventaGravada = item.tax === 'gravada' ? venta : ZERO;
  const extras = item.tax === 'gravada' ? computeItemTributes(type, item, ventaGravada, quantity) : [];
  if (extras.length > 0 && ventaGravada.isZero()) {
    return { errors: [{ path: `${path}.taxes`, code: 'tribute_not_applicable', message: 'La línea no tiene venta gravada: no puede llevar tributos adicionales.' }] };
  }
  let tributos: string[] | null = null;
  if (ventaGravada.gt(ZERO)) {
    const codes = [...(type === '01' ? [] : [IVA_TRIBUTE]), ...extras.map((t) => t.code)];
    tributos = codes.length > 0 ? codes : null;
  }
  const ivaItem = type === '01' ? ventaGravada.times(IVA_RATE).divRound(IVA_FACTOR, 8) : ZERO;
  return {
    value: {
      quantity,
      unitPrice,
      discount,
      ventaNoSuj: item.tax === 'no_sujeta' ? venta : ZERO,
      ventaExenta: item.tax === 'exenta' ? venta : ZERO,
      ventaGravada,
      noGravado: ZERO,
      ivaItem,
      lineIva: type === '01' ? ivaItem : round8(ventaGravada.times(IVA_RATE)),
      codTributo: bodyTributeCode(item),
      tributos,
      tributes: extras,
      goods: GOODS_ITEM_TYPES.includes(item.type),
    },
  };
}

/** String form of a line; `withheld`/`perceived` say whether the 1 % applies to the document (perception: goods lines only). */
export function itemAmountsOf(d: ItemDecimals, withheld: boolean, perceived: boolean): ItemAmounts {
  const s = (v: Dec) => round8(v).toFixed();
  const onePercent = (flag: boolean) => (flag ? s(d.ventaGravada.times(ONE_PERCENT)) : '0');
  return {
    cantidad: s(d.quantity),
    precioUni: s(d.unitPrice),
    montoDescu: s(d.discount),
    ventaNoSuj: s(d.ventaNoSuj),
    ventaExenta: s(d.ventaExenta),
    ventaGravada: s(d.ventaGravada),
    noGravado: s(d.noGravado),
    ivaItem: s(d.ivaItem),
    totalIva: s(d.lineIva),
    ivaPerci: onePercent(perceived && d.goods),
    ivaRete: onePercent(withheld),
    codTributo: d.codTributo,
    tributos: d.tributos,
    tributes: d.tributes.map((t) => ({ code: t.code, value: s(t.value) })),
  };
}
