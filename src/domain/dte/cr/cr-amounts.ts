/**
 * Comprobante de Retención (07) amounts. Per line (MH's structure manual, CR field 48): IVA withheld
 * = taxable amount × the rate of its CAT-006 code — 22 "Retención IVA 1 %" → 1 %, C4 "Retención IVA
 * 13 %" → 13 % — rounded half up to cents; C9 "otras retenciones IVA casos especiales" has no rate,
 * so its amount is given. Summary: totalSujetoRetencion = Σ taxable, totalIvaRetenido = Σ withheld,
 * totalIva (the 13 % IVA of the operations subject to withholding) = round2(totalSujetoRetencion × 0.13).
 */
import { amountInWords } from '../amount-in-words';
import { type Dec, IVA_RATE, ONE_PERCENT, ZERO, dec, fixed2, round2, sum } from '../amounts/decimal-math';
import type { FieldError, Totals } from '../dte.types';

export const RETENTION_RATES: Readonly<Record<string, Dec | null>> = { '22': ONE_PERCENT, C4: IVA_RATE, C9: null };

export interface CrLineInput {
  taxableAmount: string;
  code: string;
  withheldAmount?: string;
}

export interface CrAmounts {
  lines: { montoSujetoGrav: string; ivaRetenido: string }[];
  totalSujetoRetencion: string;
  totalIva: string;
  totalIvaRetenido: string;
  totals: Totals;
}

export function computeCrAmounts(lines: readonly CrLineInput[]): { ok: true; value: CrAmounts } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const out: CrAmounts['lines'] = [];
  lines.forEach((l, i) => {
    const rate = RETENTION_RATES[l.code];
    const taxable = dec(l.taxableAmount);
    const withheld = rate ? round2(taxable.times(rate)) : dec(l.withheldAmount);
    if (withheld.lte(ZERO)) {
      errors.push({ path: `withholdings[${i}].taxableAmount`, code: 'out_of_range', message: 'El IVA retenido de la línea sería 0.00: el monto sujeto es demasiado pequeño.' });
    } else if (withheld.gt(taxable)) {
      errors.push({ path: `withholdings[${i}].withheldAmount`, code: 'out_of_range', message: 'El IVA retenido no puede superar el monto sujeto a retención.' });
    }
    out.push({ montoSujetoGrav: fixed2(taxable), ivaRetenido: fixed2(withheld) });
  });
  if (errors.length > 0) return { ok: false, errors };
  const totalSujeto = sum(out.map((l) => dec(l.montoSujetoGrav)));
  const totalRetenido = sum(out.map((l) => dec(l.ivaRetenido)));
  const totalIva = round2(totalSujeto.times(IVA_RATE));
  const words = amountInWords(fixed2(totalRetenido));
  return {
    ok: true,
    value: {
      lines: out,
      totalSujetoRetencion: fixed2(totalSujeto),
      totalIva: fixed2(totalIva),
      totalIvaRetenido: fixed2(totalRetenido),
      totals: { subtotal: fixed2(totalSujeto), iva: fixed2(totalIva), total: fixed2(totalRetenido), totalInWords: words },
    },
  };
}

