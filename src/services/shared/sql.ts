import type { EntityManager } from '@mikro-orm/core';

/**
 * Raw SQL on the entity manager's own connection: inside `em.transactional` it runs in that
 * transaction (a plain `getConnection().execute` would take another connection, which also
 * deadlocks the single-session embedded database).
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params as never[], 'all', em.getTransactionContext());
}
