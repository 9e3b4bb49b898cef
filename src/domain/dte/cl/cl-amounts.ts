/**
 * Comprobante de Liquidación (08) amounts, per MH's structure manual (CL fields 43–60): each line is a
 * document settled, with its sales net of global discounts and without IVA, per bucket (an invalidated
 * document goes with negative values); exports only for an FEX. Line IVA (informative) =
 * ventaGravada × 13 % (8 decimals); tributos ["20"] on a line with taxed sales. Summary: the bucket
 * totals (2 decimals); subTotalVentas = their sum; tributo 20 = totalGravada × 13 %;
 * montoTotalOperacion = subTotalVentas + tributos; total = montoTotalOperacion + ivaPerci (Σ the
 * perceptions of the documents). When the invalidated documents outweigh the active ones, MH asks for
 * 0.00 in subTotalVentas, the tributo, montoTotalOperacion and total.
 */
import { amountInWords } from '../amount-in-words';
import { type Dec, IVA_RATE, ZERO, dec, fixed2, round2, round8, sum } from '../amounts/decimal-math';
import { ExactDecimal } from '../amounts/exact-decimal';
import type { Totals } from '../dte.types';

export interface ClLineInput {
  noSujeta?: string;
  exenta?: string;
  gravada?: string;
  exports?: string;
  perception?: string;
}

export interface ClLineAmounts {
  ventaNoSuj: string;
  ventaExenta: string;
  ventaGravada: string;
  exportaciones: string;
  ivaItem: string;
  tributos: string[] | null;
}

export interface ClAmounts {
  lines: ClLineAmounts[];
  totalNoSuj: string;
  totalExenta: string;
  totalGravada: string;
  exportacion: string;
  subTotalVentas: string;
  iva: string;
  hasTributo: boolean;
  montoTotalOperacion: string;
  ivaPerci: string;
  total: string;
  totals: Totals;
}

const atLeastZero = (v: Dec): Dec => ExactDecimal.max(ZERO, v);
const s8 = (v: Dec): string => round8(v).toFixed();

export function computeClAmounts(lines: readonly ClLineInput[]): ClAmounts {
  const parsed = lines.map((l) => ({
    noSuj: dec(l.noSujeta), exenta: dec(l.exenta), gravada: dec(l.gravada), exports: dec(l.exports), perception: dec(l.perception),
  }));
  const out = parsed.map((p): ClLineAmounts => ({
    ventaNoSuj: s8(p.noSuj),
    ventaExenta: s8(p.exenta),
    ventaGravada: s8(p.gravada),
    exportaciones: s8(p.exports),
    ivaItem: s8(p.gravada.times(IVA_RATE)),
    tributos: p.gravada.isZero() ? null : ['20'],
  }));
  const totalNoSuj = round2(sum(parsed.map((p) => p.noSuj)));
  const totalExenta = round2(sum(parsed.map((p) => p.exenta)));
  const totalGravada = round2(sum(parsed.map((p) => p.gravada)));
  const exportacion = round2(sum(parsed.map((p) => p.exports)));
  const subTotalVentas = atLeastZero(totalNoSuj.plus(totalExenta).plus(totalGravada).plus(exportacion));
  const hasTributo = out.some((l) => l.tributos !== null);
  const iva = hasTributo ? atLeastZero(round2(totalGravada.times(IVA_RATE))) : ZERO;
  const montoTotalOperacion = subTotalVentas.plus(iva);
  const ivaPerci = round2(sum(parsed.map((p) => p.perception)));
  const total = montoTotalOperacion.plus(ivaPerci);
  const words = amountInWords(fixed2(total));
  return {
    lines: out,
    totalNoSuj: fixed2(totalNoSuj),
    totalExenta: fixed2(totalExenta),
    totalGravada: fixed2(totalGravada),
    exportacion: fixed2(exportacion),
    subTotalVentas: fixed2(subTotalVentas),
    iva: fixed2(iva),
    hasTributo,
    montoTotalOperacion: fixed2(montoTotalOperacion),
    ivaPerci: fixed2(ivaPerci),
    total: fixed2(total),
    totals: { subtotal: fixed2(subTotalVentas), iva: fixed2(iva), total: fixed2(total), totalInWords: words },
  };
}
