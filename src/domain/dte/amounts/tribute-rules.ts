/**
 * What the engine does with each CAT-015 tribute code (see README "Tributos"):
 *
 * Section 1 (summarised in resumen.tributos, added to montoTotalOperacion):
 *   20  IVA 13 %: implicit on every taxed line of CCF/NC/ND (listing it is accepted); refused on FE,
 *       whose prices already contain the IVA.
 *   59  Turismo por alojamiento: 5 % of the line's taxed amount without IVA, after the taxed global
 *       discount (the same base as IVA; see summary-amounts.ts).
 *   71  Turismo salida del país por vía aérea: 7.00 per unit (quantity).
 *   D1  FOVIAL: 0.20 per gallon; C8 COTRANS: 0.10 per gallon — the line's unit must be CAT-014 22 (galón).
 *   C3  IVA exportaciones 0 %: export documents only → refused (not_allowed_for_type).
 *   D4  uso interno del MH → refused; D5 "otras tasas" has no rate → refused (tribute_not_computable).
 * Section 2 (A8, 57, 90, D4, D5, A6): the tribute is its own line — item type 4, unit 99, `tax`
 *   gravada, the computed tribute as unit price, the code in `taxes` (→ codTributo). Elsewhere refused.
 * Section 3 (C5, C6, C7 and the other informative ad-valorem codes): informative only (they would go in
 *   resumen.tributos without entering montoTotalOperacion), but their value depends on a price
 *   differential the request does not carry → refused (tribute_not_computable); use `raw` for them.
 * Extra tributes apply to taxed lines only.
 */
import { CatalogCode, getCatalog, findEntry } from '../../catalog/catalogs';
import type { DteType, FieldError } from '../dte.types';
import type { ErrorCode } from '../../shared/error-codes';
import type { AmountItemInput } from './amount.types';
import { type Dec, IVA_FACTOR, dec, round8 } from './decimal-math';

export type TributeSection = 1 | 2 | 3;

const SECTIONS = new Map<string, Set<TributeSection>>();
for (const e of getCatalog(CatalogCode.tribute)?.entries ?? []) {
  const section = Number(e.section?.trim().charAt(0)) as TributeSection;
  if (section !== 1 && section !== 2 && section !== 3) continue;
  const set = SECTIONS.get(e.code) ?? new Set<TributeSection>();
  set.add(section);
  SECTIONS.set(e.code, set);
}

/** CAT-015 sections a code belongs to (D4 and D5 are in sections 1 and 2). */
export function tributeSections(code: string): ReadonlySet<TributeSection> {
  return SECTIONS.get(code) ?? new Set();
}

export const IVA_TRIBUTE = '20';
/** Unit of measure CAT-014 "Galón". */
export const GALLON_UNIT = '22';
/** Unit of measure CAT-014 "Otra" (required on type-4 lines). */
export const OTHER_UNIT = '99';
/** CAT-011 "Otros tributos por ítem". */
export const TRIBUTE_ITEM_TYPE = '4';

type Computable =
  | { kind: 'rate'; rate: Dec }
  | { kind: 'per_unit'; amount: Dec; gallons: boolean };

/** Section-1 tributes the engine can compute from the line. */
const COMPUTABLE: Readonly<Record<string, Computable>> = {
  '59': { kind: 'rate', rate: dec('0.05') },
  '71': { kind: 'per_unit', amount: dec('7.00'), gallons: false },
  D1: { kind: 'per_unit', amount: dec('0.20'), gallons: true },
  C8: { kind: 'per_unit', amount: dec('0.10'), gallons: true },
};

function perGallon(code: string): boolean {
  const rule = COMPUTABLE[code];
  return rule?.kind === 'per_unit' && rule.gallons;
}

export function tributeName(code: string): string {
  return findEntry(CatalogCode.tribute, code)?.name ?? code;
}

function err(path: string, code: ErrorCode, message: string): FieldError {
  return { path, code, message };
}

/** Static checks of an item's `taxes` (and of type-4 lines) for a document type. */
export function checkItemTributes(type: DteType, item: AmountItemInput, index: number): FieldError[] {
  const base = `items[${index}]`;
  const errors: FieldError[] = [];
  const taxes = item.taxes ?? [];
  if (item.type === TRIBUTE_ITEM_TYPE) {
    const bodyCodes = taxes.filter((c) => tributeSections(c).has(2));
    const others = taxes.filter((c) => !tributeSections(c).has(2) && !(c === IVA_TRIBUTE && type !== '01'));
    if (bodyCodes.length !== 1) {
      errors.push(err(`${base}.taxes`, bodyCodes.length === 0 ? 'required' : 'tribute_not_applicable',
        'Un ítem de tipo 4 (otros tributos por ítem) debe indicar exactamente un tributo de la sección 2 del CAT-015 (A8, 57, 90, D4, D5, A6).'));
    }
    others.forEach((c) => errors.push(err(`${base}.taxes[${taxes.indexOf(c)}]`, 'tribute_not_applicable',
      `El tributo ${c} no se admite en un ítem de tipo 4; ese ítem solo lleva su tributo de la sección 2.`)));
    if (item.unitCode !== OTHER_UNIT) {
      errors.push(err(`${base}.unitCode`, 'tribute_not_applicable', 'Un ítem de tipo 4 (otros tributos por ítem) usa la unidad de medida 99 (Otra).'));
    }
    if (item.tax !== 'gravada') {
      errors.push(err(`${base}.tax`, 'tribute_not_applicable', 'Un ítem de tipo 4 (otros tributos por ítem) es una venta gravada: use tax "gravada".'));
    }
    return errors;
  }
  taxes.forEach((code, j) => {
    const path = `${base}.taxes[${j}]`;
    const sections = tributeSections(code);
    if (sections.size === 0) {
      errors.push(err(path, 'unknown_catalog_code', `El código ${code} no existe en el catálogo CAT-015 (tributos).`));
    } else if (code === IVA_TRIBUTE) {
      if (type === '01') errors.push(err(path, 'not_allowed_for_type', 'En la factura (01) el IVA va incluido en el precio: no se indica el tributo 20.'));
      else if (item.tax !== 'gravada') errors.push(err(path, 'tribute_not_applicable', 'El IVA (20) solo aplica a líneas gravadas.'));
    } else if (code === 'C3') {
      errors.push(err(path, 'not_allowed_for_type', 'El tributo C3 (IVA exportaciones 0 %) solo aplica a documentos de exportación.'));
    } else if (code === 'D4') {
      errors.push(err(path, 'tribute_not_allowed', 'El tributo D4 (otros impuestos casos especiales) es de uso interno del MH.'));
    } else if (code === 'D5' || sections.has(3)) {
      errors.push(err(path, 'tribute_not_computable',
        `El tributo ${code} (${tributeName(code)}) no tiene una tasa calculable con los datos de la solicitud; ` +
        'no se inventa su valor. Emita el documento con el campo raw si lo necesita.'));
    } else if (!sections.has(1)) {
      errors.push(err(path, 'tribute_not_applicable',
        `El tributo ${code} (sección 2 del CAT-015) se detalla como un ítem propio de tipo 4 con su valor como precio.`));
    } else if (item.tax !== 'gravada') {
      errors.push(err(path, 'tribute_not_applicable', `El tributo ${code} solo se admite en líneas gravadas.`));
    } else if (perGallon(code) && item.unitCode !== GALLON_UNIT) {
      errors.push(err(`${base}.unitCode`, 'tribute_requires_gallons', `El tributo ${code} se calcula por galón: la unidad de medida debe ser 22 (galón).`));
    }
  });
  return errors;
}

/** A section-1 tribute computed on one line; `rateBased` ones follow the taxed base's global discount. */
export interface LineTribute {
  code: string;
  value: Dec;
  rateBased: boolean;
}

/**
 * Section-1 tributes (other than IVA) the line carries, with their computed 8-decimal value on the
 * line's own amount: a rate on its taxed sale without IVA, or an amount per unit (per gallon for D1
 * and C8). The summary applies the document's taxed global discount to the rate-based ones.
 */
export function computeItemTributes(type: DteType, item: AmountItemInput, ventaGravada: Dec, quantity: Dec): LineTribute[] {
  if (item.type === TRIBUTE_ITEM_TYPE) return [];
  const out: LineTribute[] = [];
  for (const code of item.taxes ?? []) {
    const rule = COMPUTABLE[code];
    if (!rule) continue;
    if (rule.kind === 'rate') {
      // FE prices include IVA: the rate applies to ventaGravada / 1.13.
      const value = ventaGravada.times(rule.rate);
      out.push({ code, value: type === '01' ? value.divRound(IVA_FACTOR, 8) : round8(value), rateBased: true });
    } else {
      out.push({ code, value: round8(quantity.times(rule.amount)), rateBased: false });
    }
  }
  return out;
}

/** The section-2 code of a type-4 line (its `codTributo`). */
export function bodyTributeCode(item: AmountItemInput): string | null {
  if (item.type !== TRIBUTE_ITEM_TYPE) return null;
  return (item.taxes ?? []).find((c) => tributeSections(c).has(2)) ?? null;
}
