/** Panel passwords: 12 to 200 characters (NIST SP 800-63B: length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** The Spanish reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if ([...password].length > PASSWORD_MAX_LENGTH) return `La contraseña admite hasta ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) return 'La contraseña no puede ser igual al correo electrónico.';
  return null;
}
