/**
 * Income-tax codes of the F-07 annexes [F-07 doc §3.1 R–S, §3.3 Q–T].
 *
 * Sales (annex 1 R/S, annex 2 U/V, from period 01/2025): operation type 1 gravada, 2 no gravada o
 * exento, 3 excluido o no constituye renta, 4 mixta, 12 ingresos ya sujetos de retención, 13 sujetos
 * pasivos excluidos; income type 1–10, 12, 13. Codes 12 and 13 appear in both lists with the same
 * meaning, so we require them to match (12 with 12, 13 with 13) — our reading.
 *
 * Purchases (annex 3 Q–T, annex 5 I–L, from period 02/2024): MH's rule table — 8 in all four when the
 * operation is reported in more than one annex, 9 in all four for public institutions and
 * non-deductible operations; otherwise classification 1 Costo → cost type 4 or 5 (any sector), or 6
 * or 7 only with sector 1 Industria; classification 2 Gasto → cost type 1, 2 or 3.
 */
import type { FieldError } from '../dte/dte.types';

export const SALE_OPERATION_TYPES = ['1', '2', '3', '4', '12', '13'] as const;
export const SALE_INCOME_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '13'] as const;

export const PURCHASE_OPERATION_TYPES = ['1', '2', '3', '4', '8', '9'] as const;
export const PURCHASE_CLASSIFICATIONS = ['1', '2', '8', '9'] as const;
export const PURCHASE_SECTORS = ['1', '2', '3', '4', '8', '9'] as const;
export const PURCHASE_COST_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** First period in which the codes are reported (before it MH wants `0`). */
export const SALE_INCOME_CODES_FROM = '2025-01';
export const PURCHASE_CLASSIFICATION_FROM = '2024-02';

function unknownCode(path: string, value: string, allowed: readonly string[]): FieldError {
  return { path, code: 'unknown_catalog_code', message: `El código ${JSON.stringify(value)} no es válido; valores: ${allowed.join(', ')}.` };
}

/** Sale income codes: both or none; each in its list; 12/13 on both sides at once. */
export function checkSaleIncomeCodes(operationType: string | undefined, incomeType: string | undefined, paths: { operationType: string; incomeType: string }): FieldError[] {
  if (operationType === undefined && incomeType === undefined) return [];
  const errors: FieldError[] = [];
  if (operationType === undefined) errors.push({ path: paths.operationType, code: 'required', message: 'El tipo de operación va junto con el tipo de ingreso.' });
  if (incomeType === undefined) errors.push({ path: paths.incomeType, code: 'required', message: 'El tipo de ingreso va junto con el tipo de operación.' });
  if (operationType !== undefined && !(SALE_OPERATION_TYPES as readonly string[]).includes(operationType)) errors.push(unknownCode(paths.operationType, operationType, SALE_OPERATION_TYPES));
  if (incomeType !== undefined && !(SALE_INCOME_TYPES as readonly string[]).includes(incomeType)) errors.push(unknownCode(paths.incomeType, incomeType, SALE_INCOME_TYPES));
  if (errors.length > 0) return errors;
  const special = (c: string) => c === '12' || c === '13';
  if ((special(operationType!) || special(incomeType!)) && operationType !== incomeType) {
    errors.push({ path: paths.incomeType, code: 'invalid_combination',
      message: 'Los códigos 12 (ingresos ya sujetos de retención) y 13 (sujetos pasivos excluidos) van iguales en tipo de operación y tipo de ingreso.' });
  }
  return errors;
}

export interface PurchaseClassification {
  operation_type?: string;
  classification?: string;
  sector?: string;
  cost_type?: string;
}

const QUARTET: readonly [keyof PurchaseClassification, readonly string[]][] = [
  ['operation_type', PURCHASE_OPERATION_TYPES],
  ['classification', PURCHASE_CLASSIFICATIONS],
  ['sector', PURCHASE_SECTORS],
  ['cost_type', PURCHASE_COST_TYPES],
];

/** The Q–T quartet of a purchase: all four or none, each a known code, in one of MH's combinations. */
export function checkPurchaseClassification(attrs: PurchaseClassification, basePath = 'attributes'): FieldError[] {
  const present = QUARTET.filter(([k]) => attrs[k] !== undefined);
  if (present.length === 0) return [];
  const errors: FieldError[] = [];
  for (const [k, allowed] of QUARTET) {
    const v = attrs[k];
    if (v === undefined) {
      errors.push({ path: `${basePath}.${k}`, code: 'required', message: 'Tipo de operación, clasificación, sector y tipo de costo/gasto van juntos.' });
    } else if (!allowed.includes(v)) {
      errors.push(unknownCode(`${basePath}.${k}`, v, allowed));
    }
  }
  if (errors.length > 0) return errors;
  const { operation_type: q, classification: r, sector: s, cost_type: t } = attrs as Required<PurchaseClassification>;
  for (const special of ['8', '9']) {
    if ([q, r, s, t].includes(special) && !(q === special && r === special && s === special && t === special)) {
      const meaning = special === '8' ? 'operación informada en más de un anexo' : 'sector público u operación no deducible';
      return [{ path: `${basePath}.operation_type`, code: 'invalid_combination', message: `El código ${special} (${meaning}) va en los cuatro campos a la vez.` }];
    }
  }
  if (q === '8' || q === '9') return [];
  const allowedCost = r === '1' ? (s === '1' ? ['4', '5', '6', '7'] : ['4', '5']) : ['1', '2', '3'];
  if (!allowedCost.includes(t)) {
    const why = r === '1'
      ? s === '1' ? 'un costo admite los tipos 4, 5, 6 o 7' : 'un costo admite los tipos 4 o 5 (6 y 7 solo en el sector industria)'
      : 'un gasto admite los tipos 1, 2 o 3';
    return [{ path: `${basePath}.cost_type`, code: 'invalid_combination', message: `Combinación no permitida por el MH: ${why}.` }];
  }
  return [];
}
