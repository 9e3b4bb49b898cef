/**
 * The totals column of CR, CL, DCL, FEX, FSE and CD (NR shares the sales documents' lines): labels
 * in reading order; every value is the JSON's.
 */
import { asNumber, asObjects, tributeName, type Json } from './dte-view';
import { formatMoney } from './format';
import type { Line, LineKind } from './summary-block';

type Spec = readonly (readonly [label: string, field: string, kind?: LineKind, onlyIfNonZero?: boolean] | 'tributes')[];

const SPECS: Readonly<Record<string, Spec>> = {
  '07': [['Total monto sujeto a retención', 'totalSujetoRetencion', 'strong'], ['IVA 13 % de las operaciones', 'totalIva', 'info'], ['TOTAL IVA RETENIDO', 'totalIvaRetenido', 'total']],
  '08': [['Suma de operaciones', 'subTotalVentas'], 'tributes', ['Monto total de la operación', 'montoTotalOperacion', 'strong'], ['(+) IVA percibido', 'ivaPerci', 'normal', true], ['TOTAL A LIQUIDAR', 'total', 'total']],
  '09': [
    ['Valor de las operaciones', 'valorOperaciones'], ['(–) Valores no sujetos a percepción', 'montoSinPercepcion', 'normal', true], ['Subtotal', 'subTotal', 'strong'],
    ['IVA de las operaciones', 'iva', 'info'], ['Monto sujeto a percepción (sin IVA)', 'montoSujetoPercepcion', 'info'], ['(–) IVA percibido (2 %)', 'ivaPercibido'],
    ['(–) Comisión', 'comision'], ['(–) IVA de la comisión', 'ivaComision'], ['LÍQUIDO A PAGAR', 'liquidoApagar', 'total'],
  ],
  '11': [
    ['Total de operaciones afectas', 'totalGravada'], ['(–) Descuento global', 'descuGravada', 'normal', true], ['(+) Seguro', 'seguro', 'normal', true],
    ['(+) Flete', 'flete', 'normal', true], 'tributes', ['Monto total de la operación', 'montoTotalOperacion', 'strong'],
    ['(±) Cargos/abonos no gravados', 'totalNoGravado', 'normal', true], ['TOTAL A PAGAR', 'totalPagar', 'total'], ['Descuentos aplicados', 'totalDescu', 'info', true],
  ],
  '14': [
    ['Total de compras', 'totalCompra'], ['(–) Descuento global', 'descu', 'normal', true], ['Subtotal', 'subTotal', 'strong'],
    ['(–) Retención de renta', 'reteRenta', 'normal', true], ['TOTAL A PAGAR', 'totalPagar', 'total'], ['Descuentos aplicados', 'totalDescu', 'info', true],
  ],
  '15': [['TOTAL DONADO', 'valorTotal', 'total']],
};

export function otherTypeSummaryLines(type: string, resumen: Json): Line[] | null {
  const spec = SPECS[type];
  if (!spec) return null;
  const lines: Line[] = [];
  for (const entry of spec) {
    if (entry === 'tributes') {
      for (const t of asObjects(resumen.tributos)) lines.push({ label: `(+) ${tributeName(t.codigo, t.descripcion)}`, value: formatMoney(t.valor), kind: 'normal' });
      continue;
    }
    const [label, field, kind = 'normal', onlyIfNonZero = false] = entry;
    const value = asNumber(resumen[field]);
    if (value === null || (onlyIfNonZero && value === 0)) continue;
    lines.push({ label, value: formatMoney(resumen[field]), kind });
  }
  return lines;
}
