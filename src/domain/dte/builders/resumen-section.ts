/**
 * `resumen` per type from the computed summary. Payment (FE/CCF): `condicionOperacion` from
 * `payment.condition` (default 1, contado); `pagos` from `payment.methods`, or — when none are
 * given — one method 01 (billetes y monedas) for the whole `totalPagar` only for a cash sale
 * (condition 1): a credit (2) or other (3) sale without methods has `pagos` null, never an invented
 * cash payment (buildPagosFor, shared with FEX and FSE). NC/ND have no pagos; their
 * `condicionOperacion` still comes from `payment.condition` (default 1). `observaciones` = `notes`.
 * NC/ND `codigoRetencionMH` is "22" (CAT-006, retención IVA 1 %) when the 1 % withholding applies.
 */
import type { SummaryAmounts } from '../amounts/amount.types';
import type { DocumentCreateInput } from '../document-create.schema';
import type { DteType } from '../dte.types';
import { jsonNumber } from './json-number';
import { CASH_CONDITION, buildPagosFor } from '../extended/extended-parts';

export function buildResumen(type: DteType, s: SummaryAmounts, input: DocumentCreateInput): Record<string, unknown> {
  const n = jsonNumber;
  const tributos = s.tributos ? s.tributos.map((t) => ({ codigo: t.codigo, descripcion: t.descripcion, valor: n(t.valor) })) : null;
  const condicionOperacion = Number(input.payment?.condition ?? CASH_CONDITION);
  const observaciones = input.notes ?? null;
  // Converted in this order whatever the type (the first unrepresentable amount names the error).
  const totalNoSuj = n(s.totalNoSuj);
  const totalExenta = n(s.totalExenta);
  const totalGravada = n(s.totalGravada);
  const subTotalVentas = n(s.subTotalVentas);
  if (type === '05' || type === '06') {
    const totalDescu = n(s.totalDescu);
    const montoTotalOperacion = n(s.montoTotalOperacion);
    const ivaPerci = n(s.ivaPerci);
    const totalIva = n(s.iva);
    const ivaRete = n(s.ivaRete);
    const totalNoGravado = n(s.totalNoGravado);
    const totalPagar = n(s.totalPagar);
    const totalLetras = s.totalLetras;
    const codigoRetencionMH = Number(s.ivaRete) > 0 ? '22' : null;
    if (type === '05') {
      return {
        totalNoSuj, totalExenta, totalGravada, subTotalVentas, totalDescu, tributos, montoTotalOperacion, ivaPerci, totalIva, ivaRete,
        totalNoGravado, totalPagar, totalLetras, condicionOperacion, observaciones, codigoRetencionMH,
      };
    }
    return {
      totalNoSuj, totalExenta, totalGravada, subTotalVentas, totalDescu, tributos, ivaPerci, totalIva, ivaRete, montoTotalOperacion,
      totalNoGravado, totalPagar, totalLetras, condicionOperacion, numPagoElectronico: null, observaciones, codigoRetencionMH,
    };
  }
  const descuNoSuj = n(s.descuNoSuj);
  const descuExenta = n(s.descuExenta);
  const descuGravada = n(s.descuGravada);
  const porcentajeDescuento = n(s.porcentajeDescuento);
  const totalDescu = n(s.totalDescu);
  const subTotal = n(s.subTotal);
  const ivaRete = n(s.ivaRete);
  const montoTotalOperacion = n(s.montoTotalOperacion);
  const totalNoGravado = n(s.totalNoGravado);
  const totalPagar = n(s.totalPagar);
  const totalLetras = s.totalLetras;
  const pagos = buildPagosFor(input.payment, s.totalPagar, { terms: true });
  if (type === '01') {
    return {
      totalNoSuj, totalExenta, totalGravada, subTotalVentas, descuNoSuj, descuExenta, descuGravada, porcentajeDescuento, totalDescu,
      tributos, subTotal, ivaRete, montoTotalOperacion, totalNoGravado, totalPagar, totalLetras, totalIva: n(s.iva), saldoFavor: 0,
      condicionOperacion, pagos, numPagoElectronico: null, observaciones,
    };
  }
  return {
    totalNoSuj, totalExenta, totalGravada, subTotalVentas, descuNoSuj, descuExenta, descuGravada, porcentajeDescuento, totalDescu,
    tributos, subTotal, ivaPerci: n(s.ivaPerci), ivaRete, montoTotalOperacion, totalNoGravado, totalPagar, totalLetras, saldoFavor: 0,
    condicionOperacion, pagos, numPagoElectronico: null, observaciones,
  };
}
