/**
 * `cuerpoDocumento`: one entry per line, keys in the order of each type's official schema. Common
 * fields, then per type: FE adds psv and ivaItem; CCF adds psv; NC/ND add the line's ivaPerci,
 * totalIva and ivaRete. psv (suggested retail price) is 0.
 */
import type { ItemAmounts } from '../amounts/amount.types';
import type { DocumentItemInput } from '../document-create.schema';
import type { DteType } from '../dte.types';
import { UnrepresentableAmountError, jsonNumber } from './json-number';

function buildLine(type: DteType, item: DocumentItemInput, a: ItemAmounts, index: number): Record<string, unknown> {
  const n = jsonNumber;
  const numItem = index + 1;
  const tipoItem = Number(item.type);
  const numeroDocumento = item.relatedDocument ?? null;
  const codigo = item.code ?? null;
  const uniMedida = Number(item.unitCode);
  switch (type) {
    case '01':
      return {
        numItem, tipoItem, numeroDocumento, cantidad: n(a.cantidad), codigo, codTributo: a.codTributo, uniMedida,
        descripcion: item.description, precioUni: n(a.precioUni), montoDescu: n(a.montoDescu), ventaNoSuj: n(a.ventaNoSuj),
        ventaExenta: n(a.ventaExenta), ventaGravada: n(a.ventaGravada), tributos: a.tributos, psv: 0, noGravado: n(a.noGravado),
        ivaItem: n(a.ivaItem),
      };
    case '03':
      return {
        numItem, tipoItem, numeroDocumento, codigo, codTributo: a.codTributo, descripcion: item.description,
        cantidad: n(a.cantidad), uniMedida, precioUni: n(a.precioUni), montoDescu: n(a.montoDescu), ventaNoSuj: n(a.ventaNoSuj),
        ventaExenta: n(a.ventaExenta), ventaGravada: n(a.ventaGravada), tributos: a.tributos, psv: 0, noGravado: n(a.noGravado),
      };
    case '05':
    case '06':
      return {
        numItem, tipoItem, numeroDocumento, cantidad: n(a.cantidad), codigo, codTributo: a.codTributo, uniMedida,
        descripcion: item.description, precioUni: n(a.precioUni), montoDescu: n(a.montoDescu), ventaNoSuj: n(a.ventaNoSuj),
        ventaExenta: n(a.ventaExenta), ventaGravada: n(a.ventaGravada), tributos: a.tributos, noGravado: n(a.noGravado),
        ivaPerci: n(a.ivaPerci), totalIva: n(a.totalIva), ivaRete: n(a.ivaRete),
      };
  }
}

/** The request field an item amount comes from as given; amounts computed from several (ventas, IVA) name the line. */
const INPUT_FIELDS: readonly [keyof ItemAmounts, string][] = [['cantidad', 'quantity'], ['precioUni', 'unitPrice'], ['montoDescu', 'discount']];

export function buildCuerpoDocumento(type: DteType, items: readonly DocumentItemInput[], amounts: readonly ItemAmounts[]): Record<string, unknown>[] {
  return items.map((item, i) => {
    try {
      return buildLine(type, item, amounts[i], i);
    } catch (err) {
      if (!(err instanceof UnrepresentableAmountError)) throw err;
      const field = INPUT_FIELDS.find(([mh]) => amounts[i][mh] === err.value)?.[1];
      throw err.at(field ? `items[${i}].${field}` : `items[${i}]`);
    }
  });
}
