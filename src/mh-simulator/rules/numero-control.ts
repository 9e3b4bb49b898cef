/**
 * `numeroControl` (MH-API-NOTES §6.1, MH-2026-RULES §5): `DTE-TT-(M|B|S|P)NNNPNNN-NNNNNNNNNNNNNNN`,
 * 31 characters, TT = tipoDte; unique per emitter, tipoDte, environment and calendar year (the year
 * of the document's `fecEmi`). The correlative starts at 1.
 */
export const NUMERO_CONTROL_PATTERN = /^DTE-(\d{2})-([MBSP]\d{3})(P\d{3})-(\d{15})$/;

export type NumeroControlCheck =
  | { ok: true; establishment: string; pointOfSale: string; correlative: string }
  | { ok: false; message: string };

export function checkNumeroControl(numeroControl: unknown, tipoDte: string): NumeroControlCheck {
  const m = typeof numeroControl === 'string' ? NUMERO_CONTROL_PATTERN.exec(numeroControl) : null;
  if (!m) return { ok: false, message: '[identificacion.numeroControl] NO CUMPLE EL FORMATO DTE-TT-XNNNPNNN-NNNNNNNNNNNNNNN' };
  if (m[1] !== tipoDte) return { ok: false, message: '[identificacion.numeroControl] NO CORRESPONDE AL TIPO DE DOCUMENTO' };
  if (/^0+$/.test(m[4])) return { ok: false, message: '[identificacion.numeroControl] EL CORRELATIVO DEBE SER MAYOR QUE CERO' };
  return { ok: true, establishment: m[2], pointOfSale: m[3], correlative: m[4] };
}

/** Uniqueness key: environment, emitter, type, calendar year of `fecEmi`, number. */
export function numeroControlKey(k: { ambiente: string; nit: string; tipoDte: string; fecEmi: string; numeroControl: string }): string {
  return [k.ambiente, k.nit, k.tipoDte, k.fecEmi.slice(0, 4), k.numeroControl].join('|');
}
