import { isEmailAddress, normalizeEmail } from '../../domain/identity/email-address';
import { passwordProblem } from '../../domain/identity/password-policy';
import { isRole, ROLES, type Role } from '../../domain/identity/roles';
import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { isCommonPassword } from '../../integrations/passwords/common-passwords';
import { sql } from '../shared/sql';

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

/**
 * A new password for the user with that e-mail in the account of that name: refused (422 naming
 * `path`) when short, long, common, or holding the e-mail or the account's name.
 */
export function parseNewPassword(value: unknown, who: { email: string; accountName: string | null }, path = 'password'): string {
  if (typeof value !== 'string' || !value) throw DomainError.field('required', path, 'La contraseña es obligatoria.');
  const problem = passwordProblem(value, { email: who.email, accountName: who.accountName, isCommon: isCommonPassword });
  if (problem) throw DomainError.field('invalid_value', path, problem);
  return value;
}

/** The name of an account, for the password rules. */
export async function accountNameOf(em: EntityManager, accountId: string): Promise<string | null> {
  return (await sql<{ name: string }>(em, 'select name from accounts where id = ?', [accountId]))[0]?.name ?? null;
}
