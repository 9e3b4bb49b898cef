/**
 * Identifier and free-text formats of the F-07 files: MH wants NIT/NRC/DUI and DTE codes "sin guiones"
 * (F-07 doc §2, §2.1) and free text that cannot break a `;`-separated line.
 */

export function stripHyphens(value: string): string {
  return value.replace(/-/g, '');
}

/** Generation code as the annexes carry it: 32 uppercase hex characters without hyphens. */
export function compactCode(value: string): string {
  return stripHyphens(value).toUpperCase();
}

/** 32 hex characters → the 36-character UUID form with hyphens, uppercase. */
export function hyphenatedCode(value: string): string {
  const c = compactCode(value);
  if (c.length !== 32) return value.toUpperCase();
  return `${c.slice(0, 8)}-${c.slice(8, 12)}-${c.slice(12, 16)}-${c.slice(16, 20)}-${c.slice(20)}`;
}

/** `DTE-03-M001P001-000000000000123` → `DTE03M001P001000000000000123` (28). */
export function compactControlNumber(value: string): string {
  return stripHyphens(value).toUpperCase();
}

/** NRC without hyphens and without leading zeros ("no debe anteponer ceros"). */
export function mhNrc(value: string): string {
  const digits = stripHyphens(value);
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed;
}

/**
 * Free text for a `;` file: removes `;`, `"`, CR/LF and tabs, collapses spaces, trims. MH's text
 * columns have no escaping rule, so nothing that could shift a column may survive (§10 Q2).
 */
export function sanitizeText(value: string | null | undefined): string {
  if (!value) return '';
  return value.replace(/[;"\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The taxpayer identifier slots of an annex line: NIT-or-NRC column and DUI column, never both. */
export interface IdSlots {
  nitOrNrc: string;
  dui: string;
}

/**
 * From period 01/2022 MH wants, for natural persons, either the DUI (NIT/NRC column empty) or the
 * NIT/NRC (DUI column empty) [M §III H, Q]. Preference: DUI when known (a 9-digit NIT is the DUI
 * homologated as NIT), else the 14-digit NIT, else the NRC when `allowNrc`.
 */
export function idSlots(ids: { nit?: string | null; nrc?: string | null; dui?: string | null }, allowNrc = true): IdSlots {
  const nit = ids.nit ? stripHyphens(ids.nit) : '';
  const dui = ids.dui ? stripHyphens(ids.dui) : nit.length === 9 ? nit : '';
  if (dui) return { nitOrNrc: '', dui };
  if (nit.length === 14) return { nitOrNrc: nit, dui: '' };
  if (allowNrc && ids.nrc) return { nitOrNrc: mhNrc(ids.nrc), dui: '' };
  return { nitOrNrc: '', dui: '' };
}
