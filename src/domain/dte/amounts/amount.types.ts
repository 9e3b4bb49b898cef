/** Inputs and outputs of the amount engine; every amount is a decimal string. */
import type { DteType, FieldError, Totals, Warning } from '../dte.types';

/**
 * How a line is treated for IVA, i.e. which MH item field carries its amount:
 * `gravada` → ventaGravada, `exenta` → ventaExenta, `no_sujeta` → ventaNoSuj,
 * `no_gravado` → noGravado (charges/credits outside the tax base; may be negative).
 */
export type TaxTreatment = 'gravada' | 'exenta' | 'no_sujeta' | 'no_gravado';

export const TAX_TREATMENTS: readonly TaxTreatment[] = ['gravada', 'exenta', 'no_sujeta', 'no_gravado'];

export interface AmountItemInput {
  /** CAT-011 item type; `4` = line carrying a CAT-015 section-2 tribute. */
  type: string;
  quantity: string;
  /** CAT-014 unit. */
  unitCode: string;
  /** FE: IVA included; CCF/NC/ND: IVA excluded. */
  unitPrice: string;
  discount?: string;
  tax: TaxTreatment;
  /** Additional tributes, CAT-015 codes. */
  taxes?: readonly string[];
}

export interface GlobalDiscountInput {
  gravada?: string;
  exenta?: string;
  noSujeta?: string;
}

export interface AmountsInput {
  type: DteType;
  items: readonly AmountItemInput[];
  globalDiscount?: GlobalDiscountInput;
  /** IVA 1 % withholding requested (applied only on a taxed base ≥ 100.00). */
  withholdingIva1?: boolean;
  /** IVA 1 % perception requested (CCF of a large taxpayer only). */
  perception?: boolean;
  /** The issuer is a large taxpayer (perception agent). */
  isLargeTaxpayer: boolean;
}

/** A CAT-015 tribute computed on one item. */
export interface ItemTribute {
  code: string;
  value: string;
}

/** One line as MH's item fields need it (8-decimal strings). */
export interface ItemAmounts {
  cantidad: string;
  precioUni: string;
  montoDescu: string;
  ventaNoSuj: string;
  ventaExenta: string;
  ventaGravada: string;
  noGravado: string;
  /** FE: IVA contained in ventaGravada; other types: 0. */
  ivaItem: string;
  /** IVA of the line (CCF/NC/ND: ventaGravada × 13 %; FE: equals ivaItem). Emitted on NC/ND. */
  totalIva: string;
  /** Emitted on NC/ND. */
  ivaPerci: string;
  /** Emitted on NC/ND. */
  ivaRete: string;
  /** CAT-015 section-2 code of a type-4 line, else null. */
  codTributo: string | null;
  /** Item `tributos` (null when the line carries none). */
  tributos: string[] | null;
  /** Values of the section-1 tributes other than IVA computed on the line. */
  tributes: ItemTribute[];
}

export interface SummaryTribute {
  codigo: string;
  descripcion: string;
  valor: string;
}

/** MH's resumen amounts (exactly 2 decimals). */
export interface SummaryAmounts {
  totalNoSuj: string;
  totalExenta: string;
  totalGravada: string;
  subTotalVentas: string;
  descuNoSuj: string;
  descuExenta: string;
  descuGravada: string;
  porcentajeDescuento: string;
  totalDescu: string;
  tributos: SummaryTribute[] | null;
  subTotal: string;
  /** FE: IVA contained in the prices (`totalIva`); CCF: tributo 20; NC/ND: `totalIva` (= tributo 20). */
  iva: string;
  ivaPerci: string;
  ivaRete: string;
  montoTotalOperacion: string;
  totalNoGravado: string;
  totalPagar: string;
  totalLetras: string;
}

export interface ComputedAmounts {
  items: ItemAmounts[];
  summary: SummaryAmounts;
  totals: Totals;
  warnings: Warning[];
}

export type AmountsResult = { ok: true; value: ComputedAmounts } | { ok: false; errors: FieldError[] };
