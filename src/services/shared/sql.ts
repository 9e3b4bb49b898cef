import type { EntityManager } from '@mikro-orm/core';

type RawQuery<T> = { transacting(t: unknown): PromiseLike<{ rows: T[] }> } & PromiseLike<{ rows: T[] }>;

/**
 * Raw SQL (`?` placeholders) on the entity manager's own connection: inside `em.transactional` it
 * runs in that transaction (another connection would also deadlock the single-session embedded
 * database). Parameters travel apart from the text (`$1…`), never inlined: inlining escapes every
 * value in JavaScript, which costs milliseconds on large values (a JSON batch) and CPU on every
 * statement. `undefined` is sent as NULL.
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  const knex = (em.getConnection() as unknown as { getKnex(): { raw(q: string, b: unknown[]): RawQuery<T> } }).getKnex();
  const raw = knex.raw(query, params.map((p) => (p === undefined ? null : p)));
  const ctx = em.getTransactionContext();
  const result = await (ctx ? raw.transacting(ctx) : raw);
  return result.rows;
}
