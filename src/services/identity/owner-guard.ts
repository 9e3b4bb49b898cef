import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { sql } from '../shared/sql';

/**
 * Inside the caller's transaction: refuses (409 `last_owner`) a change that would leave the account
 * without an owner who can log in. The account's owner rows stay locked until the commit, so two
 * owners demoting each other at once cannot both pass.
 */
export async function keepAnOwner(tx: EntityManager, accountId: string, losingOwnerId: string): Promise<void> {
  const owners = await sql<{ id: string; password_hash: string | null }>(
    tx,
    `select id, password_hash from users where account_id = ? and role = 'owner' order by id for update`,
    [accountId],
  );
  if (!owners.some((o) => o.id !== losingOwnerId && o.password_hash !== null)) {
    throw new DomainError('last_owner', 'La cuenta necesita al menos un propietario activo: nombre propietario a otro usuario antes de quitar este rol.');
  }
}
