/**
 * Income-tax codes inferred from an issued DTE when it carries no `income_codes` tag (annex 1 R/S,
 * annex 2 U/V from period 01/2025; MH's portal refuses blank codes). Our reading of MH's lists
 * [F-07 doc §3.1 R–S], switchable per report with the `income` param (`infer` | `blank`):
 *
 * Operation type, from the amounts the annex reports (integer cents, net of discounts):
 *   only taxed (gravada, including zero-rate free-zone and third-party sales) → `1` Gravada;
 *   only exempt and/or non-subject → `2` No gravada o exento; both → `4` Mixta;
 *   no amount at all → none (the row stays blank with `missing_income_codes`).
 *
 * Income type, from the items (`cuerpoDocumento[].tipoItem`, CAT-011: 1 bienes, 2 servicios,
 * 3 ambos, 4 otros tributos):
 *   FEX (11): `7` Exportaciones de bienes or `9` Exportaciones de servicios — the larger by item
 *   amount when mixed (ties → `7`); items without `tipoItem` (FEX v1/v2) follow
 *   `emisor.tipoItemExpor` (2 → services, else goods);
 *   any other type: every item a service (tipoItem 2; type-4 tax lines ignored) → `2` Servicios,
 *   otherwise `3` Comerciales.
 */
import type { Cents } from './cents.math';

export interface IncomeCodes { operationType: string; incomeType: string }

/** What the inference reads from a document: the annex amounts and a summary of its items. */
export interface IncomeCodeBasis {
  type: string;
  exempt: Cents;
  nonSubject: Cents;
  taxed: Cents;
  /** Item amounts by kind (goods: tipoItem 1 and 3, services: tipoItem 2; type-4 lines left out). */
  goods: Cents;
  services: Cents;
  /** Number of goods/services items, of which services. */
  items: number;
  serviceItems: number;
}

export const OPERATION_TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': 'Gravada', '2': 'No gravada o exento', '3': 'Excluido o no constituye renta', '4': 'Mixta',
  '12': 'Ingresos ya sujetos de retención', '13': 'Sujetos pasivos excluidos',
};

export const INCOME_TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': 'Profesiones, artes y oficios', '2': 'Servicios', '3': 'Comerciales', '4': 'Industriales', '5': 'Agropecuarias',
  '6': 'Utilidades y dividendos', '7': 'Exportaciones de bienes', '8': 'Servicios del exterior utilizados en El Salvador',
  '9': 'Exportaciones de servicios', '10': 'Otras rentas gravables', '12': 'Ingresos ya sujetos de retención', '13': 'Sujetos pasivos excluidos',
};

export function inferOperationType(taxed: Cents, exempt: Cents, nonSubject: Cents): string | null {
  const hasTaxed = taxed > 0;
  const hasUntaxed = exempt > 0 || nonSubject > 0;
  if (hasTaxed && hasUntaxed) return '4';
  if (hasTaxed) return '1';
  if (hasUntaxed) return '2';
  return null;
}

export function inferIncomeType(b: Pick<IncomeCodeBasis, 'type' | 'goods' | 'services' | 'items' | 'serviceItems'>): string {
  if (b.type === '11') return b.services > b.goods ? '9' : '7';
  return b.items > 0 && b.serviceItems === b.items ? '2' : '3';
}

/** Both codes, or null when the document has no amount to tell the operation type from. */
export function inferIncomeCodes(b: IncomeCodeBasis): IncomeCodes | null {
  const operationType = inferOperationType(b.taxed, b.exempt, b.nonSubject);
  return operationType === null ? null : { operationType, incomeType: inferIncomeType(b) };
}

/** `1 (Gravada)` — a code with its MH name, for warnings. */
export function describeIncomeCodes(c: IncomeCodes): string {
  return `tipo de operación ${c.operationType} (${OPERATION_TYPE_NAMES[c.operationType] ?? '?'}) y tipo de ingreso ${c.incomeType} (${INCOME_TYPE_NAMES[c.incomeType] ?? '?'})`;
}
