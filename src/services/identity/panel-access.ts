import { ROLE_NAMES, type Role } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor, ActorUser } from '../shared/actor';

/**
 * Keys and users are managed from a panel session only: an API key never mints keys or users
 * (403 `session_required`), whatever its scopes. Then the user's role must be one of `roles`
 * (403 `insufficient_role`). `what` is an infinitive phrase: "administrar las llaves de API".
 */
export function requirePanelUser(actor: Actor, roles: readonly Role[], what: string): ActorUser {
  if (actor.scheme !== 'session' || !actor.user) {
    throw new DomainError('session_required', `Solo desde una sesión del panel se puede ${what}: una llave de API no crea llaves ni usuarios.`);
  }
  if (!roles.includes(actor.user.role)) {
    throw new DomainError('insufficient_role', `Su rol en la cuenta (${ROLE_NAMES[actor.user.role]}) no permite ${what}.`);
  }
  return actor.user;
}
