/** One entry of an official MH catalog (CAT-001 … CAT-033). */
export interface CatalogEntry {
  readonly code: string;
  readonly name: string;
  /** Section of the workbook the entry belongs to (CAT-015 tribute groups, CAT-019 activity groups). */
  readonly section?: string;
  /** Department (CAT-012) of a municipality (CAT-013) or district (CAT-008). */
  readonly department?: string;
  /** Footnote numbers the workbook attaches to the entry (CAT-014). */
  readonly notes?: string;
}

export interface CatalogDefinition {
  /** `CAT-019` form. */
  readonly code: string;
  readonly name: string;
  readonly entries: readonly CatalogEntry[];
  readonly footnotes?: readonly string[];
}
