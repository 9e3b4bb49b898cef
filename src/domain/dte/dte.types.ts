/** Types shared by the DTE engine (request parsing, amounts, builders). */
import type { ErrorCode } from '../shared/error-codes';

/** Document types this engine issues (CAT-002): FE, CCF, NC, ND. */
export type DteType = '01' | '03' | '05' | '06';

export const DTE_TYPES: readonly DteType[] = ['01', '03', '05', '06'];

/**
 * The other seven types (CAT-002), each with its own request rules and builder: NR v4 (04), CR v2
 * (07), CL v2 (08), DCL v2 (09), FEX v3 (11), FSE v2 (14), CD v2 (15).
 */
export type ExtendedDteType = '04' | '07' | '08' | '09' | '11' | '14' | '15';

export const EXTENDED_DTE_TYPES: readonly ExtendedDteType[] = ['04', '07', '08', '09', '11', '14', '15'];

/** Every DTE type the service issues. */
export type AnyDteType = DteType | ExtendedDteType;

export const ALL_DTE_TYPES: readonly AnyDteType[] = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15'];

export function isClassicDteType(type: string): type is DteType {
  return (DTE_TYPES as readonly string[]).includes(type);
}

export function isExtendedDteType(type: string): type is ExtendedDteType {
  return (EXTENDED_DTE_TYPES as readonly string[]).includes(type);
}

/**
 * Types that may be generated in contingency (MH-2026-RULES §2; CAT-002 18, the return event, too).
 * CL, DCL and CD fix tipoModelo/tipoOperacion to 1: during an outage they wait to be sent.
 */
export const CONTINGENCY_DTE_TYPES: readonly AnyDteType[] = ['01', '03', '04', '05', '06', '07', '11', '14'];

export function allowsContingency(type: string): boolean {
  return (CONTINGENCY_DTE_TYPES as readonly string[]).includes(type);
}

/** A field-level problem: 422-style, camelCase dotted path with indices (`items[0].unitPrice`). */
export interface FieldError {
  path: string;
  /** A code of the service's one taxonomy (src/domain/shared/error-codes.ts): REST and GraphQL answer it by name. */
  code: ErrorCode;
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
