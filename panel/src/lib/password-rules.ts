/**
 * The service's password policy as the panel tells it (src/domain/identity/password-policy.ts; a
 * unit test keeps both equal): 12 to 200 characters, any of them, not the e-mail; the service also refuses the most common passwords and any holding the e-mail or the account name.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_HINT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres, sin su correo ni el nombre de la cuenta, y que no sea de las más usadas; una frase es más fácil de recordar.`;

/** What is wrong with a new password before it is sent, or null (the service checks it again). */
export function passwordTooShort(password: string): string | null {
  const length = [...password].length;
  if (length === 0 || length >= PASSWORD_MIN_LENGTH) return null;
  const missing = PASSWORD_MIN_LENGTH - length;
  return `${missing === 1 ? 'Le falta 1 carácter' : `Le faltan ${missing} caracteres`}: debe tener al menos ${PASSWORD_MIN_LENGTH}.`;
}
