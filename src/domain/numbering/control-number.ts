import { localYear } from '../mh-rules/el-salvador-time';
/**
 * MH control numbers: `DTE-TT-EEEEPPPP-NNNNNNNNNNNNNNN` (31 characters): type, establishment code
 * (M|B|S|P + 3 digits), point-of-sale code (P + 3 digits) and a 15-digit correlative that restarts
 * every calendar year (El Salvador time).
 *
 * Numbering scopes:
 * - `per_establishment` (default): one sequence per establishment + point of sale.
 * - `centralized`: one sequence per emitter (and type, environment, year) shared by every
 *   establishment; the segment still shows the issuing establishment and point of sale, so a
 *   number tells where it was issued and the correlative alone is unique for the emitter.
 */
export type Numbering = 'per_establishment' | 'centralized';

export const CONTROL_NUMBER_PATTERN = /^DTE-(\d{2})-([MBSP]\d{3})(P\d{3})-(\d{15})$/;
const MAX_CORRELATIVE = 999_999_999_999_999n;

/** The calendar year in El Salvador (UTC−6, no daylight saving) of an instant. */
export function elSalvadorYear(at: Date): number {
  return localYear(at);
}

export function numberingScope(numbering: Numbering, establishment: string, pointOfSale: string): string {
  return numbering === 'centralized' ? '*' : `${establishment}${pointOfSale}`;
}

export function counterKey(p: { emitterId: string; environment: string; type: string; year: number; scope: string }): string {
  return `${p.emitterId}|${p.environment}|${p.type}|${p.year}|${p.scope}`;
}

export function formatControlNumber(type: string, establishment: string, pointOfSale: string, correlative: bigint): string {
  if (correlative < 1n || correlative > MAX_CORRELATIVE) throw new RangeError(`correlativo fuera de rango: ${correlative}`);
  return `DTE-${type}-${establishment}${pointOfSale}-${correlative.toString().padStart(15, '0')}`;
}

/** What a dry run shows: the real shape with a zero correlative (no number is spent). */
export function placeholderControlNumber(type: string, establishment: string, pointOfSale: string): string {
  return `DTE-${type}-${establishment}${pointOfSale}-${'0'.repeat(15)}`;
}

export function parseControlNumber(n: string): { type: string; establishment: string; pointOfSale: string; correlative: bigint } | null {
  const m = CONTROL_NUMBER_PATTERN.exec(n);
  return m ? { type: m[1], establishment: m[2], pointOfSale: m[3], correlative: BigInt(m[4]) } : null;
}
