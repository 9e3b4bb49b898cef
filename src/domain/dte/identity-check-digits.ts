/**
 * Check digits of El Salvador's identification numbers (what a typo in a customer's NIT or DUI
 * breaks). The format (14 or 9 digits; ########-#) is checked apart, by NIT_PATTERN / DUI_PATTERN.
 *
 * DUI: the 8 digits weighted 9 down to 2; the check digit is (10 − sum mod 10) mod 10.
 * NIT of 14 digits: the first 13 weighted; which weights depends on the correlative (digits 11–13):
 *   up to 100 (older NITs): 14 down to 2, check = (sum mod 11) mod 10;
 *   above 100: 2,7,6,5,4,3,2,7,6,5,4,3,2, check = (−sum mod 11) mod 10.
 * NIT of 9 digits: a DUI homologated as NIT, the DUI's digits without the hyphen (its own rule).
 */

const digitsOf = (s: string): number[] => [...s].map(Number);
const weighted = (digits: number[], weights: readonly number[]): number => digits.reduce((sum, d, i) => sum + d * weights[i]!, 0);
const mod = (n: number, m: number): number => ((n % m) + m) % m;

const DUI_WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2] as const;
const OLD_NIT_WEIGHTS = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const NEW_NIT_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of a DUI's first 8 digits. */
export function duiCheckDigit(first8: string): number {
  return mod(10 - mod(weighted(digitsOf(first8), DUI_WEIGHTS), 10), 10);
}

/** The check digit of a 14-digit NIT's first 13 digits. */
export function nitCheckDigit(first13: string): number {
  const d = digitsOf(first13);
  return Number(first13.slice(10, 13)) <= 100 ? mod(weighted(d, OLD_NIT_WEIGHTS), 11) % 10 : mod(-weighted(d, NEW_NIT_WEIGHTS), 11) % 10;
}

/** A DUI `########-#` (or its 9 digits) whose last digit is its check digit. */
export function duiCheckDigitHolds(dui: string): boolean {
  const digits = dui.replace('-', '');
  return /^[0-9]{9}$/.test(digits) && duiCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/** A NIT of 14 digits, or of 9 (a homologated DUI), whose last digit is its check digit. */
export function nitCheckDigitHolds(nit: string): boolean {
  if (/^[0-9]{9}$/.test(nit)) return duiCheckDigitHolds(nit);
  return /^[0-9]{14}$/.test(nit) && nitCheckDigit(nit.slice(0, 13)) === Number(nit[13]);
}
