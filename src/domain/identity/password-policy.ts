/**
 * Panel passwords (NIST SP 800-63B, ASVS 2.1): 12 to 200 characters, no composition rules; refused
 * when they are one of the most common passwords (the caller says which, from a shipped list) or
 * contain the user's e-mail (its local part) or the account's name (ASVS 2.1.7), compared without
 * case, accents, spaces or punctuation.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export interface PasswordContext {
  email?: string;
  /** The name of the user's account (the company). */
  accountName?: string | null;
  /** Whether a password is on the list of the most common ones. */
  isCommon?: (password: string) => boolean;
}

/** Letters and digits only, lower case, accents dropped: `Las Brisas, S.A.` → `lasbrisassa`. */
export function foldForComparison(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The Spanish reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, ctx: PasswordContext | string = {}): string | null {
  const c: PasswordContext = typeof ctx === 'string' ? { email: ctx } : ctx;
  if ([...password].length < PASSWORD_MIN_LENGTH) return `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if ([...password].length > PASSWORD_MAX_LENGTH) return `La contraseña admite hasta ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (c.email && password.trim().toLowerCase() === c.email.trim().toLowerCase()) return 'La contraseña no puede ser igual al correo electrónico.';
  if (c.isCommon?.(password)) return 'Esa contraseña es una de las más usadas (y de las primeras que se prueban): elija otra.';
  const folded = foldForComparison(password);
  const local = c.email ? foldForComparison(c.email.split('@')[0]) : '';
  if (local.length >= 3 && folded.includes(local)) return 'La contraseña no puede contener su correo electrónico (la parte antes de @).';
  const account = c.accountName ? foldForComparison(c.accountName) : '';
  if (account.length >= 3 && folded.includes(account)) return 'La contraseña no puede contener el nombre de la cuenta.';
  return null;
}
