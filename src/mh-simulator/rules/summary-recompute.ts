/**
 * MH's recomputation of a DTE's amounts, written independently of the project's DTE engine so the
 * simulator can catch the engine's mistakes. MH recomputes from the **item values as sent** and
 * accepts each checked value within ±0.01 ("holgura"); every value checked here is a formula over
 * values present in the document (items, or the resumen fields the formula is built from), so one
 * wrong field is reported once instead of cascading.
 *
 * FE (01, prices include IVA): items `ventaX = precioUni × cantidad − montoDescu`,
 * `ivaItem = ventaGravada × 0.13 / 1.13`; `totalX = Σ ventaX`; `subTotalVentas`; `subTotal`;
 * `totalIva = Σ ivaItem − descuGravada × 0.13 / 1.13`; `montoTotalOperacion = subTotal + Σ tributos`;
 * `totalPagar = montoTotalOperacion − ivaRete + totalNoGravado`.
 * CCF (03): tributo 20 = `(totalGravada − descuGravada) × 0.13`; `montoTotalOperacion = subTotal + Σ tributos`;
 * `totalPagar = montoTotalOperacion + ivaPerci − ivaRete + totalNoGravado`.
 * NC (05) / ND (06): no `subTotal`; item `totalIva = ventaGravada × 0.13`; `totalIva` and tributo 20 =
 * `totalGravada × 0.13`; `montoTotalOperacion = subTotalVentas + Σ tributos` (MH's NC/ND wording also
 * adds `ivaPerci − ivaRete` there; either reading is accepted, and `totalPagar` follows it).
 * Informative tributes (CAT-015 section 3, e.g. C5/C6/C7) never enter `montoTotalOperacion`.
 */
import { Checker, INFORMATIVE_TRIBUTES, IVA, IVA_INSIDE, TOLERANCE, ZERO, num, obj, r2, r8, sum, tributes, type Json, type SummaryMismatch } from './recompute-helpers';
import { OTHER_RECOMPUTATIONS } from './summary-recompute-other-types';

export { SUMMARY_TOLERANCE, type SummaryMismatch } from './recompute-helpers';

function checkItems(tipoDte: string, items: Json[], c: Checker): void {
  items.forEach((it, i) => {
    const sales = { ventaNoSuj: num(it.ventaNoSuj), ventaExenta: num(it.ventaExenta), ventaGravada: num(it.ventaGravada) };
    const expected = r8(num(it.precioUni).times(num(it.cantidad)).minus(num(it.montoDescu)));
    const nonZero = (Object.keys(sales) as (keyof typeof sales)[]).filter((k) => !sales[k].isZero());
    const field = nonZero.length === 1 ? nonZero[0] : 'ventaGravada';
    c.check(`cuerpoDocumento[${i}].${field}`, sum(Object.values(sales)), expected);
    if (tipoDte === '01') c.check(`cuerpoDocumento[${i}].ivaItem`, num(it.ivaItem), r8(sales.ventaGravada.times(IVA_INSIDE)));
    if (tipoDte === '05' || tipoDte === '06') c.check(`cuerpoDocumento[${i}].totalIva`, num(it.totalIva), r8(sales.ventaGravada.times(IVA)));
  });
}


/** All amount mismatches of a DTE or event (empty = the amounts are right within ±0.01). */
export function recomputeSummary(tipoDte: string, dte: unknown): SummaryMismatch[] {
  const other = OTHER_RECOMPUTATIONS[tipoDte];
  if (other) return other(obj(dte));
  const doc = obj(dte);
  const items = (Array.isArray(doc.cuerpoDocumento) ? doc.cuerpoDocumento : []).map(obj);
  const res = obj(doc.resumen);
  const c = new Checker();
  checkItems(tipoDte, items, c);

  const col = (k: string) => r2(sum(items.map((it) => num(it[k]))));
  c.check('resumen.totalNoSuj', num(res.totalNoSuj), col('ventaNoSuj'));
  c.check('resumen.totalExenta', num(res.totalExenta), col('ventaExenta'));
  c.check('resumen.totalGravada', num(res.totalGravada), col('ventaGravada'));
  c.check('resumen.totalNoGravado', num(res.totalNoGravado), col('noGravado'));
  const subTotalVentas = num(res.subTotalVentas);
  c.check('resumen.subTotalVentas', subTotalVentas, num(res.totalNoSuj).plus(num(res.totalExenta)).plus(num(res.totalGravada)));

  const hasSubTotal = tipoDte === '01' || tipoDte === '03';
  if (hasSubTotal) {
    const discounts = num(res.descuNoSuj).plus(num(res.descuExenta)).plus(num(res.descuGravada));
    c.check('resumen.subTotal', num(res.subTotal), subTotalVentas.minus(discounts));
  }
  const base = hasSubTotal ? num(res.subTotal) : subTotalVentas;
  const taxed = num(res.totalGravada).minus(num(res.descuGravada));
  const list = tributes(res);
  const counted = sum(list.filter((t) => !INFORMATIVE_TRIBUTES.has(t.code)).map((t) => t.value));

  if (tipoDte === '01') {
    c.check('resumen.totalIva', num(res.totalIva), r2(sum(items.map((it) => num(it.ivaItem))).minus(num(res.descuGravada).times(IVA_INSIDE))));
  } else {
    const expectedIva = r2(taxed.times(IVA));
    const iva = list.find((t) => t.code === '20');
    if (iva) c.check(`resumen.tributos[${iva.index}].valor`, iva.value, expectedIva);
    else c.check('resumen.tributos', ZERO, expectedIva);
    if (tipoDte !== '03') c.check('resumen.totalIva', num(res.totalIva), expectedIva);
  }

  const mto = num(res.montoTotalOperacion);
  const perci = num(res.ivaPerci);
  const rete = num(res.ivaRete);
  const plain = base.plus(counted);
  let totalPagarBase = mto.plus(perci).minus(rete);
  if (tipoDte === '05' || tipoDte === '06') {
    const withRetentions = plain.plus(perci).minus(rete);
    if (mto.minus(plain).abs().gt(TOLERANCE) && mto.minus(withRetentions).abs().lte(TOLERANCE)) totalPagarBase = mto;
    else c.check('resumen.montoTotalOperacion', mto, plain);
  } else {
    c.check('resumen.montoTotalOperacion', mto, plain);
    if (tipoDte === '01') totalPagarBase = mto.minus(rete);
  }
  c.check('resumen.totalPagar', num(res.totalPagar), totalPagarBase.plus(num(res.totalNoGravado)));
  return c.mismatches;
}
