/** Shared arithmetic of the simulator's recomputations (decimal.js, half up, MH's ±0.01 tolerance). */
import Decimal from 'decimal.js';
import { CatalogCode, getCatalog } from '../../domain/catalog/catalogs';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type D = InstanceType<typeof D>;

export const SUMMARY_TOLERANCE = '0.01';
export const TOLERANCE = new D(SUMMARY_TOLERANCE);
export const IVA = new D('0.13');
export const IVA_INSIDE = new D('0.13').div(new D('1.13'));
export const ZERO = new D(0);

export interface SummaryMismatch {
  /** Dotted path as MH names it: `resumen.totalIva`, `cuerpoDocumento[0].ivaItem`. */
  field: string;
  declared: string;
  expected: string;
}

/** Codes that are informative only (CAT-015 section 3 and no other section). */
export const INFORMATIVE_TRIBUTES: ReadonlySet<string> = (() => {
  const sections = new Map<string, Set<string>>();
  for (const e of getCatalog(CatalogCode.tribute)?.entries ?? []) {
    const s = String(e.section ?? '').trim().charAt(0);
    const set = sections.get(e.code) ?? new Set<string>();
    set.add(s);
    sections.set(e.code, set);
  }
  return new Set([...sections].filter(([, s]) => s.size === 1 && s.has('3')).map(([code]) => code));
})();

export type Json = Record<string, unknown>;

export function obj(v: unknown): Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
}

export function num(v: unknown): D {
  if (typeof v === 'number' && Number.isFinite(v)) return new D(String(v));
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return new D(v);
  return ZERO;
}

export const r2 = (v: D): D => v.toDecimalPlaces(2, D.ROUND_HALF_UP);
export const r8 = (v: D): D => v.toDecimalPlaces(8, D.ROUND_HALF_UP);
export const sum = (vs: D[]): D => vs.reduce((a, b) => a.plus(b), ZERO);

export class Checker {
  readonly mismatches: SummaryMismatch[] = [];
  check(field: string, declared: D, expected: D): boolean {
    if (declared.minus(expected).abs().lte(TOLERANCE)) return true;
    this.mismatches.push({ field, declared: declared.toFixed(), expected: expected.toFixed() });
    return false;
  }
}

export function tributes(resumen: Json): { index: number; code: string; value: D }[] {
  const list = Array.isArray(resumen.tributos) ? resumen.tributos : [];
  return list.map((t, index) => ({ index, code: String(obj(t).codigo ?? ''), value: num(obj(t).valor) }));
}

/** Sum of two decimal strings (the state's running totals). */
export function addDecimal(a: string, b: string): string {
  return new D(a).plus(new D(b)).toFixed();
}
