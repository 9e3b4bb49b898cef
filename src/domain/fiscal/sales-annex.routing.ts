/**
 * Which F-07 sales annex an issued document's amounts go to, by DTE type, as the annex generators
 * route them (their own type sets): CCF 03 / NC 05 / ND 06 → annex 1, FE 01 and FEX 11 → annex 2
 * [F07-ANNEXES-AND-VAT-BOOKS §4.1]. Other types go to neither sales annex.
 */
import { ANEXO1_DOC_TYPES } from './f07-anexo1.generator';
import { ANEXO2_DOC_TYPES } from './f07-anexo2.generator';
import type { ReportType } from './report-params.schema';

export type SalesAnnexType = Extract<ReportType, 'f07_anexo1' | 'f07_anexo2'>;

export const SALES_ANNEX_DOC_TYPES: Readonly<Record<SalesAnnexType, ReadonlySet<string>>> = {
  f07_anexo1: ANEXO1_DOC_TYPES,
  f07_anexo2: ANEXO2_DOC_TYPES,
};

/** The sales annex of a DTE type, or null when neither annex 1 nor annex 2 reports it. */
export function salesAnnexOf(docType: string): SalesAnnexType | null {
  for (const [annex, types] of Object.entries(SALES_ANNEX_DOC_TYPES) as [SalesAnnexType, ReadonlySet<string>][]) {
    if (types.has(docType)) return annex;
  }
  return null;
}
