import type { EntityManager } from '@mikro-orm/core';

/**
 * Raw SQL on the entity manager's own connection: inside `em.transactional` it runs in that
 * transaction (a plain `getConnection().execute` would take another connection, which also
 * deadlocks the single-session embedded database).
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params as never[], 'all', em.getTransactionContext());
}

/**
 * Raw SQL with the parameters sent apart from the text (`$1…`), for statements that carry large
 * values (a JSON batch of hundreds of records): `sql()` inlines every parameter into the SQL text,
 * which costs milliseconds of escaping per large value. Same transaction rules as `sql()`.
 */
export async function sqlBound<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  const connection = em.getConnection() as unknown as { getKnex(): { raw(q: string, b: unknown[]): { transacting(t: unknown): unknown } & PromiseLike<{ rows: T[] }> } };
  const ctx = em.getTransactionContext();
  const raw = connection.getKnex().raw(query, params);
  const result = (await (ctx ? (raw.transacting(ctx) as PromiseLike<{ rows: T[] }>) : raw)) as { rows: T[] };
  return result.rows;
}
