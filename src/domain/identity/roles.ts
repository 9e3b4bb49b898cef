import { ALL_SCOPES, DEFAULT_SCOPES, type Scope } from './scopes';

/**
 * Roles of a panel user. The role decides the scopes a session acts with, read at every request
 * (a role change takes effect at once): `owner` every scope (`fiscal:close` included), `member` the
 * default key scopes and `documents:invalidate`, `viewer` only the `:read` scopes.
 */
export const ROLES = ['owner', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = { owner: 'Propietario', member: 'Miembro', viewer: 'Solo lectura' };

const READ_SCOPES: Scope[] = ALL_SCOPES.filter((s) => s.endsWith(':read'));

const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: [...ALL_SCOPES],
  // A member keeps voiding documents, as before it became a scope of its own.
  member: [...DEFAULT_SCOPES, 'documents:invalidate'],
  viewer: READ_SCOPES,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function scopesOfRole(role: Role): readonly Scope[] {
  return ROLE_SCOPES[role];
}

/** A role can write (create keys, issue documents…) unless it is `viewer`. */
export function canWrite(role: Role): boolean {
  return role !== 'viewer';
}
