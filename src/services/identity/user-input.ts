import { isEmailAddress, normalizeEmail } from '../../domain/identity/email-address';
import { passwordProblem } from '../../domain/identity/password-policy';
import { isRole, ROLES, type Role } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';

/** Checks and normalises the e-mail of a user (lower case, trimmed). */
export function parseEmail(value: unknown, path = 'email'): string {
  if (typeof value !== 'string' || !value.trim()) throw DomainError.field('required', path, 'El correo electrónico es obligatorio.');
  const email = normalizeEmail(value);
  if (!isEmailAddress(email)) throw DomainError.field('invalid_format', path, 'El correo electrónico no es válido.');
  return email;
}

export function parseRole(value: unknown, fallback: Role | null, path = 'role'): Role {
  if (value === undefined || value === null) {
    if (fallback) return fallback;
    throw DomainError.field('required', path, `El rol es obligatorio (${ROLES.join(', ')}).`);
  }
  if (!isRole(value)) throw DomainError.field('invalid_value', path, `El rol es uno de: ${ROLES.join(', ')}.`);
  return value;
}

export function parseNewPassword(value: unknown, email: string, path = 'password'): string {
  if (typeof value !== 'string' || !value) throw DomainError.field('required', path, 'La contraseña es obligatoria.');
  const problem = passwordProblem(value, email);
  if (problem) throw DomainError.field('invalid_value', path, problem);
  return value;
}
