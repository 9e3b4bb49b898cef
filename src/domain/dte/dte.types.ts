/** Types shared by the DTE engine (request parsing, amounts, builders). */

/** Document types this engine issues (CAT-002): FE, CCF, NC, ND. */
export type DteType = '01' | '03' | '05' | '06';

export const DTE_TYPES: readonly DteType[] = ['01', '03', '05', '06'];

/** A field-level problem: 422-style, camelCase dotted path with indices (`items[0].unitPrice`). */
export interface FieldError {
  path: string;
  code: string;
  message: string;
}

/** A non-blocking remark returned with a built document (for example a withholding not applied). */
export interface Warning {
  code: string;
  message: string;
}

/** Document totals as the API shows them: decimal strings with exactly 2 decimals. */
export interface Totals {
  /** MH's `resumen.subTotal` where the type has one (FE: includes IVA); NC/ND: `subTotalVentas`. */
  subtotal: string;
  /** IVA of the document (FE: the IVA contained in the prices). */
  iva: string;
  /** MH's `totalPagar`. */
  total: string;
  /** `totalPagar` in words, as `resumen.totalLetras`. */
  totalInWords: string;
}

export type Result<T> = ({ ok: true } & T) | { ok: false; errors: FieldError[] };
