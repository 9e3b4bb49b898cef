/**
 * What the documents list's `q` looks for (ADR 0040). A person types a control number, generation
 * code or reception stamp with or without its dashes and spaces, and a receiver's name or document
 * number as they remember it. Codes are compared exactly, in their stored form; the receiver text is
 * folded by the database (`dte_search_text`: lower case, accents and dashes off) on both sides.
 */

/** The stored forms `q` may be: each compared exactly with its column. */
export interface DocumentCodeTerms {
  /** `DTE-01-M001P001-000000000000001`, rebuilt from a control number typed without its dashes. */
  controlNumber: string;
  /** `A1B2…-…`, 36 characters, rebuilt from 32 hexadecimal digits typed without dashes. */
  generationCode: string;
  /** MH's reception stamp: letters and digits, in capitals. */
  receptionStamp: string;
}

const CONTROL_NUMBER = /^DTE(\d{2})([A-Z0-9]{8})(\d{15})$/;
const HEX_32 = /^[0-9A-F]{32}$/;
/** Only digits and the separators people type in a NIT, DUI or phone-like number. */
const NUMBER_WITH_SEPARATORS = /^[\d\s.-]+$/;

export function documentCodeTerms(q: string): DocumentCodeTerms {
  const upper = q.trim().toUpperCase();
  const compact = upper.replace(/[^0-9A-Z]/g, '');
  const control = CONTROL_NUMBER.exec(compact);
  return {
    controlNumber: control ? `DTE-${control[1]}-${control[2]}-${control[3]}` : upper,
    generationCode: HEX_32.test(compact) ? `${compact.slice(0, 8)}-${compact.slice(8, 12)}-${compact.slice(12, 16)}-${compact.slice(16, 20)}-${compact.slice(20)}` : upper,
    receptionStamp: compact || upper,
  };
}

/**
 * The receiver text to look for: as typed, except a number written with spaces or dots between its
 * groups (`0614 010190 101 9`), which is joined (dashes are dropped by the database's fold, on both sides).
 */
export function receiverSearchText(q: string): string {
  const t = q.trim();
  return NUMBER_WITH_SEPARATORS.test(t) ? t.replace(/[\s.]/g, '') : t;
}
