import type { EntityManager } from '@mikro-orm/core';

interface PgConnection {
  query(q: { text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<unknown> | unknown;
}

/** `?` placeholders → `$1…` (`\?` stays a literal question mark), computed once per query text. */
const positional = new Map<string, string>();
const MAX_CACHED = 2_000;

export function toPositional(query: string): string {
  let text = positional.get(query);
  if (text === undefined) {
    let n = 0;
    text = query.replace(/(\\*)\?/g, (match: string, escapes: string) => (escapes.length % 2 ? `${escapes.slice(1)}?` : `${escapes}$${++n}`));
    if (positional.size < MAX_CACHED) positional.set(query, text);
  }
  return text;
}

/**
 * Raw SQL (`?` placeholders) on the entity manager's own connection: inside `em.transactional` it
 * runs in that transaction (another connection would also deadlock the single-session embedded
 * database). Parameters travel apart from the text (`$1…`), never inlined: inlining escapes every
 * value in JavaScript, which costs milliseconds on large values (a JSON batch) and CPU on every
 * statement. `undefined` is sent as NULL; an array is one parameter (`= any(?::text[])`).
 *
 * The statement goes straight to the pooled `pg` connection (the one the ORM's transaction holds,
 * or one borrowed from the same pool): the query builder's raw path re-formatted every statement and
 * cost more CPU than PostgreSQL spent running the hot path's statements.
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  const knex = (em.getConnection() as unknown as { getKnex(): { client: KnexClient } }).getKnex();
  const ctx = em.getTransactionContext() as { client: KnexClient } | undefined;
  const client = ctx ? ctx.client : knex.client;
  const values = params.map((p) => (p === undefined ? null : p));
  const conn = await client.acquireConnection();
  try {
    return (await conn.query({ text: toPositional(query), values })).rows as T[];
  } finally {
    if (!ctx) await client.releaseConnection(conn);
  }
}
