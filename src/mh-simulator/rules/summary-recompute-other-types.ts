/**
 * MH's recomputation for NR, CR, CL, DCL, FEX, FSE, CD and the return / special-operations events,
 * written from MH's structure manual independently of the project's engine (decimal.js, half up),
 * each checked value a formula over values present in the document, within ±0.01:
 *
 * NR (04)  as a CCF without payments: items venta = precioUni × cantidad − montoDescu; totals; subTotal
 *          = subTotalVentas − global discounts; tributo 20 = (totalGravada − descuGravada) × 13 %;
 *          montoTotalOperacion = subTotal + Σ tributos.
 * CR (07)  ivaRetenido = montoSujetoGrav × 1 % (code 22) or 13 % (C4; C9 unchecked);
 *          totalSujetoRetencion, totalIvaRetenido = sums; totalIva = totalSujetoRetencion × 13 %.
 * CL (08)  ivaItem = ventaGravada × 13 %; bucket totals; subTotalVentas = their sum, floored at 0;
 *          tributo 20 = totalGravada × 13 % floored at 0; montoTotalOperacion = subTotalVentas +
 *          tributos; total = montoTotalOperacion + ivaPerci.
 * DCL (09) subTotal = valorOperaciones − montoSinPercepcion; montoSujetoPercepcion = subTotal ÷ 1.13;
 *          iva = subTotal − montoSujetoPercepcion; ivaPercibido = 2 % of it; ivaComision = comision ×
 *          13 %; liquidoApagar = valorOperaciones − ivaPercibido − comision − ivaComision.
 * FEX (11) ventaGravada = precioUni × cantidad − montoDescu; montoTotalOperacion = totalGravada −
 *          descuGravada + seguro + flete; totalPagar = montoTotalOperacion + totalNoGravado.
 * FSE (14) compra = precioUni × cantidad − montoDescu; subTotal = totalCompra − descu; totalPagar =
 *          subTotal − reteRenta.
 * CD (15)  valor = valorUni × cantidad − tipoDepreciacion; valorTotal = Σ valor.
 * 18       line amount = precioUni × cantidad − montoDescu in its bucket; subTotalVentas = Σ buckets
 *          + totalCompraExcluidos; montoTotalOperacion = subTotalVentas + tributos + totalSeguro +
 *          totalFlete; totalPagar = montoTotalOperacion − ivaRete − reteRenta + totalNoGravado.
 * 17       subTotal = Σ buckets; total = subTotal + Σ tributos.
 */
import { Checker, D, IVA, IVA_INSIDE, ZERO, num, obj, r2, r8, sum, tributes, type SummaryMismatch } from './recompute-helpers';

type Json = Record<string, unknown>;

const items = (doc: Json): Json[] => (Array.isArray(doc.cuerpoDocumento) ? doc.cuerpoDocumento : []).map(obj);
const col = (list: Json[], key: string): D => r2(sum(list.map((it) => num(it[key]))));
const atLeastZero = (v: D): D => (v.isNegative() ? ZERO : v);
const PERCEPTION_2 = new D('0.02');
const RETENTION_RATES: Record<string, D> = { '22': new D('0.01'), C4: IVA };

function lineSale(c: Checker, list: Json[], fields: readonly string[]): void {
  list.forEach((it, i) => {
    const present = fields.filter((k) => !num(it[k]).isZero());
    const field = present.length === 1 ? present[0] : fields[fields.length - 1];
    c.check(`cuerpoDocumento[${i}].${field}`, sum(fields.map((k) => num(it[k]))), r8(num(it.precioUni).times(num(it.cantidad)).minus(num(it.montoDescu))));
  });
}

function nr(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  lineSale(c, list, ['ventaNoSuj', 'ventaExenta', 'ventaGravada']);
  for (const k of ['NoSuj', 'Exenta', 'Gravada']) c.check(`resumen.total${k}`, num(res[`total${k}`]), col(list, `venta${k}`));
  const subTotalVentas = num(res.totalNoSuj).plus(num(res.totalExenta)).plus(num(res.totalGravada));
  c.check('resumen.subTotalVentas', num(res.subTotalVentas), subTotalVentas);
  c.check('resumen.subTotal', num(res.subTotal), num(res.subTotalVentas).minus(num(res.descuNoSuj)).minus(num(res.descuExenta)).minus(num(res.descuGravada)));
  const list2 = tributes(res);
  const iva = list2.find((t) => t.code === '20');
  if (iva) c.check(`resumen.tributos[${iva.index}].valor`, iva.value, r2(num(res.totalGravada).minus(num(res.descuGravada)).times(IVA)));
  c.check('resumen.montoTotalOperacion', num(res.montoTotalOperacion), num(res.subTotal).plus(sum(list2.map((t) => t.value))));
  return c.mismatches;
}

function cr(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  list.forEach((it, i) => {
    const rate = RETENTION_RATES[String(it.codigoRetencionMH)];
    if (rate) c.check(`cuerpoDocumento[${i}].ivaRetenido`, num(it.ivaRetenido), r2(num(it.montoSujetoGrav).times(rate)));
  });
  c.check('resumen.totalSujetoRetencion', num(res.totalSujetoRetencion), col(list, 'montoSujetoGrav'));
  c.check('resumen.totalIvaRetenido', num(res.totalIvaRetenido), col(list, 'ivaRetenido'));
  c.check('resumen.totalIva', num(res.totalIva), r2(num(res.totalSujetoRetencion).times(IVA)));
  return c.mismatches;
}

function cl(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  list.forEach((it, i) => c.check(`cuerpoDocumento[${i}].ivaItem`, num(it.ivaItem), r8(num(it.ventaGravada).times(IVA))));
  c.check('resumen.totalNoSuj', num(res.totalNoSuj), col(list, 'ventaNoSuj'));
  c.check('resumen.totalExenta', num(res.totalExenta), col(list, 'ventaExenta'));
  c.check('resumen.totalGravada', num(res.totalGravada), col(list, 'ventaGravada'));
  c.check('resumen.exportacion', num(res.exportacion), col(list, 'exportaciones'));
  c.check('resumen.subTotalVentas', num(res.subTotalVentas), atLeastZero(num(res.totalNoSuj).plus(num(res.totalExenta)).plus(num(res.totalGravada)).plus(num(res.exportacion))));
  const list2 = tributes(res);
  const iva = list2.find((t) => t.code === '20');
  if (iva) c.check(`resumen.tributos[${iva.index}].valor`, iva.value, atLeastZero(r2(num(res.totalGravada).times(IVA))));
  c.check('resumen.montoTotalOperacion', num(res.montoTotalOperacion), num(res.subTotalVentas).plus(sum(list2.map((t) => t.value))));
  c.check('resumen.total', num(res.total), num(res.montoTotalOperacion).plus(num(res.ivaPerci)));
  return c.mismatches;
}

function dcl(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const b = obj(doc.cuerpoDocumento);
  const subTotal = num(b.valorOperaciones).minus(num(b.montoSinPercepcion));
  c.check('cuerpoDocumento.subTotal', num(b.subTotal), subTotal);
  c.check('cuerpoDocumento.montoSujetoPercepcion', num(b.montoSujetoPercepcion), r2(num(b.subTotal).div(new D('1.13'))));
  c.check('cuerpoDocumento.iva', num(b.iva), num(b.subTotal).minus(num(b.montoSujetoPercepcion)));
  c.check('cuerpoDocumento.ivaPercibido', num(b.ivaPercibido), r2(num(b.montoSujetoPercepcion).times(PERCEPTION_2)));
  c.check('cuerpoDocumento.ivaComision', num(b.ivaComision), r2(num(b.comision).times(IVA)));
  c.check('cuerpoDocumento.liquidoApagar', num(b.liquidoApagar), num(b.valorOperaciones).minus(num(b.ivaPercibido)).minus(num(b.comision)).minus(num(b.ivaComision)));
  return c.mismatches;
}

function fex(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  list.forEach((it, i) => {
    if (num(it.noGravado).isZero()) c.check(`cuerpoDocumento[${i}].ventaGravada`, num(it.ventaGravada), r8(num(it.precioUni).times(num(it.cantidad)).minus(num(it.montoDescu))));
  });
  c.check('resumen.totalGravada', num(res.totalGravada), col(list, 'ventaGravada'));
  c.check('resumen.totalNoGravado', num(res.totalNoGravado), col(list, 'noGravado'));
  c.check('resumen.montoTotalOperacion', num(res.montoTotalOperacion), num(res.totalGravada).minus(num(res.descuGravada)).plus(num(res.seguro)).plus(num(res.flete)));
  c.check('resumen.totalPagar', num(res.totalPagar), atLeastZero(num(res.montoTotalOperacion).plus(num(res.totalNoGravado))));
  return c.mismatches;
}

function fse(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  lineSale(c, list, ['compra']);
  c.check('resumen.totalCompra', num(res.totalCompra), col(list, 'compra'));
  c.check('resumen.subTotal', num(res.subTotal), num(res.totalCompra).minus(num(res.descu)));
  c.check('resumen.totalPagar', num(res.totalPagar), num(res.subTotal).minus(num(res.reteRenta)));
  return c.mismatches;
}

function cd(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  list.forEach((it, i) => c.check(`cuerpoDocumento[${i}].valor`, num(it.valor), r8(num(it.valorUni).times(num(it.cantidad)).minus(num(it.tipoDepreciacion)))));
  c.check('resumen.valorTotal', num(obj(doc.resumen).valorTotal), col(list, 'valor'));
  return c.mismatches;
}

function returnEvent(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  const fe = (Array.isArray(doc.documentoRelacionado) ? doc.documentoRelacionado : []).map(obj).some((d) => d.tipoDocumento === '01');
  lineSale(c, list, ['ventaNoSuj', 'ventaExenta', 'compra', 'ventaGravada']);
  if (fe) list.forEach((it, i) => c.check(`cuerpoDocumento[${i}].ivaItem`, num(it.ivaItem), r8(num(it.ventaGravada).times(IVA_INSIDE))));
  c.check('resumen.totalNoSuj', num(res.totalNoSuj), col(list, 'ventaNoSuj'));
  c.check('resumen.totalExenta', num(res.totalExenta), col(list, 'ventaExenta'));
  c.check('resumen.totalGravada', num(res.totalGravada), col(list, 'ventaGravada'));
  c.check('resumen.totalCompraExcluidos', num(res.totalCompraExcluidos), col(list, 'compra'));
  c.check('resumen.subTotalVentas', num(res.subTotalVentas),
    num(res.totalNoSuj).plus(num(res.totalExenta)).plus(num(res.totalGravada)).plus(num(res.totalCompraExcluidos)));
  const tributos = sum(tributes(res).map((t) => t.value));
  c.check('resumen.montoTotalOperacion', num(res.montoTotalOperacion), num(res.subTotalVentas).plus(tributos).plus(num(res.totalSeguro)).plus(num(res.totalFlete)));
  if (fe) c.check('resumen.totalIva', num(res.totalIva), r2(sum(list.map((it) => num(it.ivaItem)))));
  c.check('resumen.totalPagar', num(res.totalPagar),
    atLeastZero(num(res.montoTotalOperacion).minus(num(res.ivaRete)).minus(num(res.reteRenta)).plus(num(res.totalNoGravado))));
  return c.mismatches;
}

function specialOperations(doc: Json): SummaryMismatch[] {
  const c = new Checker();
  const list = items(doc);
  const res = obj(doc.resumen);
  c.check('resumen.totalNoSuj', num(res.totalNoSuj), col(list, 'ventaNoSuj'));
  c.check('resumen.totalExenta', num(res.totalExenta), col(list, 'ventaExenta'));
  c.check('resumen.totalGravada', num(res.totalGravada), col(list, 'ventaGravada'));
  c.check('resumen.subTotal', num(res.subTotal), num(res.totalNoSuj).plus(num(res.totalExenta)).plus(num(res.totalGravada)));
  c.check('resumen.total', num(res.total), num(res.subTotal).plus(sum(tributes(res).map((t) => t.value))));
  return c.mismatches;
}

export const OTHER_RECOMPUTATIONS: Readonly<Record<string, (doc: Json) => SummaryMismatch[]>> = {
  '04': nr,
  '07': cr,
  '08': cl,
  '09': dcl,
  '11': fex,
  '14': fse,
  '15': cd,
  '17': specialOperations,
  '18': returnEvent,
};
