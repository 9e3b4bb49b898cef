import type { EntityManager, MikroORM } from '@mikro-orm/core';

import { Pool, types as pgTypes, type PoolClient, type PoolConfig } from 'pg';

interface PgConnection {
  query(q: { text: string; name?: string; values: unknown[]; types?: QueryTypes }): Promise<{ rows: unknown[] }>;
}

interface QueryTypes {
  getTypeParser(oid: number, format?: string): unknown;
}

/**
 * The ORM's connections hand timestamps back as text; statements run with these types get `Date`s
 * for `timestamptz` (the rows typed after the entities, whose timestamp properties are `Date`).
 */
const DATE_TYPES: QueryTypes = {
  getTypeParser: (oid: number, format?: string) => pgTypes.getTypeParser(oid, (format ?? 'text') as 'text'),
};

export interface SqlOptions {
  /** `timestamptz` columns as `Date` (default: text, as the ORM's connection returns them). */
  dates?: boolean;
}
interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<unknown> | unknown;
}

/** A query text in PostgreSQL's `$n` form and the name it is prepared under on each connection. */
interface Prepared {
  text: string;
  name: string | undefined;
}
const positional = new Map<string, Prepared>();
const MAX_CACHED = 2_000;

/** `?` placeholders → `$1…` (`\?` stays a literal question mark), computed once per query text. */
export function toPositional(query: string): string {
  return prepared(query, false).text;
}

let statementNames = 0;

/**
 * The positional text of a query, cached per text. Texts of sql() are cached while the cache has
 * room (ad hoc SQL beyond it is converted on every call); texts of preparedSql — a fixed set by
 * construction — are always cached and get a statement name unique in this process.
 */
function prepared(query: string, named: boolean): Prepared {
  let entry = positional.get(query);
  if (entry === undefined) {
    let n = 0;
    // A `?` is a placeholder unless an odd run of backslashes precedes it (one of them is dropped).
    let text = '';
    let escapes = 0;
    for (const ch of query) {
      if (ch === '\\') escapes++;
      else {
        if (ch === '?') text += escapes % 2 ? `${'\\'.repeat(escapes - 1)}?` : `${'\\'.repeat(escapes)}$${++n}`;
        else text += '\\'.repeat(escapes) + ch;
        escapes = 0;
      }
    }
    text += '\\'.repeat(escapes);
    entry = { text, name: undefined };
    if (named || positional.size < MAX_CACHED) positional.set(query, entry);
  }
  if (named && entry.name === undefined) entry.name = `q${++statementNames}`;
  return entry;
}

/** Root pg clients (one per ORM) whose statements must stay unnamed (see OrmOptions.namedStatements). */
const unnamedClients = new WeakSet<object>();

function knexOf(em: EntityManager): { client: KnexClient } {
  return (em.getConnection() as unknown as { getKnex(): { client: KnexClient } }).getKnex();
}

/**
 * A transaction on a connection of the ORM's direct pool (leanTransaction): `BEGIN`, raw statements,
 * `COMMIT`, with no ORM around it — for the issuance's group commit, whose transaction is all raw SQL.
 */
export class LeanTransaction {
  constructor(readonly client: PoolClient) {}
}

/** Where a raw statement runs: an entity manager (its transaction, or a pooled connection) or a lean transaction. */
export type SqlExecutor = EntityManager | LeanTransaction;

/** Per ORM (by its root pg client): a pg pool of the same connections, for raw statements outside a transaction. */
const directPools = new WeakMap<object, Pool>();

/**
 * Gives the ORM a pg pool of its own kind of connections (the same settings and type parsers) that
 * raw statements outside a transaction and lean transactions use instead of the query builder's pool:
 * borrowing a connection there (knex and tarn) cost more CPU than some of the statements themselves.
 * Not for the embedded database (its socket connections share one session). Returns the pool, to close.
 */
export function useDirectPool(orm: MikroORM, max: number, config?: PoolConfig): Pool {
  const conn = orm.em.getConnection() as unknown as { getConnectionOptions(): PoolConfig };
  // The process's own settings where it has them (application_name; a multi-host URL's Client class).
  const pool = new Pool({ ...(config ?? conn.getConnectionOptions()), max, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 15_000 });
  // An idle connection's error (the server restarted it) is handled by the pool, which drops it.
  pool.on('error', () => undefined);
  directPools.set(knexOf(orm.em).client, pool);
  return pool;
}

/**
 * Runs `fn` in a transaction on the direct pool (`BEGIN` … `COMMIT`, `ROLLBACK` on a failure), or
 * through the entity manager's own transaction where the ORM has no direct pool (the embedded
 * database): `fn` then gets that entity manager, which raw statements accept alike.
 */
export async function leanTransaction<T>(em: EntityManager, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  const pool = directPools.get(knexOf(em).client);
  if (!pool) return em.fork().transactional((inner) => fn(inner));
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out client has no listener of the pool's: without one, the server dropping the
  // connection mid-transaction ('error' event) would end the process. The failed statement rejects
  // on its own; this only marks the connection so the pool discards it.
  const onError = (err: Error) => void (broken ??= err);
  client.on('error', onError);
  try {
    await client.query('begin');
    const result = await fn(new LeanTransaction(client));
    await client.query('commit');
    return result;
  } catch (err) {
    // A connection whose rollback fails is broken: the pool drops it instead of lending it again.
    await client.query('rollback').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/**
 * A CTE (`with ${NO_FLUSH_WAIT} …`, referenced as `from no_flush_wait`) that lets the one
 * statement's own transaction commit without waiting for its WAL flush (`synchronous_commit = off`
 * for that transaction only; visibility is immediate). Only for a statement run outside a
 * transaction — inside one it would apply to the whole transaction — and only for writes that a
 * crash of PostgreSQL may take back without loss: the next flushed commit (any process) makes them
 * durable, and the loss of the last ones is recovered by the same path as a crashed service process
 * (ADR 0017, "commits that do not wait for their flush").
 */
export const NO_FLUSH_WAIT = `no_flush_wait as (select set_config('synchronous_commit', 'off', true))`;

/**
 * A write of another owner that rides in a statement of the same transaction, to save its round
 * trip: a CTE named `companion` (`companion as (… returning …)`) whose parameters follow the host
 * statement's. The host answers how many rows it returned; the companion's owner judges them.
 */
export interface CompanionWrite {
  cte: string;
  params: unknown[];
}

const statementEms = new WeakMap<MikroORM, EntityManager>();

/**
 * The entity manager raw statements outside a transaction run on: one per ORM, made once. sql()
 * needs only its pool; `em.fork()` per statement cost more CPU than the statement's own round trip
 * on the issuance path. Never used for entities (no find, persist or flush) nor for transactions.
 */
export function statementEm(orm: MikroORM): EntityManager {
  let em = statementEms.get(orm);
  if (!em) statementEms.set(orm, (em = orm.em.fork()));
  return em;
}

export function useUnnamedStatements(em: EntityManager): void {
  unnamedClients.add(knexOf(em).client);
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
 * cost more CPU than PostgreSQL spent running the hot path's statements. It is planned for its
 * actual parameters on every call.
 */
export function sql<T = Record<string, unknown>>(em: SqlExecutor, query: string, params: unknown[] = [], opts: SqlOptions = {}): Promise<T[]> {
  return run<T>(em, query, params, false, opts);
}

/**
 * sql() as a named prepared statement: PostgreSQL parses it once per connection and, after a few
 * calls, may run it with a generic plan. Only for the issuance path's fixed-shape statements that
 * look rows up by key (ADR 0018): a generic plan for a statement whose best plan depends on its
 * parameters (a list of keys, a filter on a growing table) can be far slower than a custom one.
 * Unnamed on ORMs marked with useUnnamedStatements (the embedded database).
 */
export function preparedSql<T = Record<string, unknown>>(em: SqlExecutor, query: string, params: unknown[] = [], opts: SqlOptions = {}): Promise<T[]> {
  return run<T>(em, query, params, true, opts);
}

async function run<T>(em: SqlExecutor, query: string, params: unknown[], named: boolean, opts: SqlOptions): Promise<T[]> {
  const values = params.map((p) => (p === undefined ? null : p));
  const send = async (conn: PgConnection, useName: boolean): Promise<T[]> => {
    const { text, name } = prepared(query, useName);
    return (await conn.query({ text, name: useName ? name : undefined, values, ...(opts.dates ? { types: DATE_TYPES } : {}) })).rows as T[];
  };
  // A lean transaction's connection, or the direct pool outside a transaction: no ORM in between.
  if (em instanceof LeanTransaction) return send(em.client, named);
  const knex = knexOf(em);
  const ctx = em.getTransactionContext() as { client: KnexClient } | undefined;
  const pool = ctx ? undefined : directPools.get(knex.client);
  if (pool) return send(pool, named);
  const client = ctx ? ctx.client : knex.client;
  const conn = await client.acquireConnection();
  try {
    return await send(conn, named && !unnamedClients.has(knex.client));
  } finally {
    if (!ctx) await client.releaseConnection(conn);
  }
}

/** sql() whose `timestamptz` columns come back as `Date` (rows typed after the entities). */
export function sqlRows<T = Record<string, unknown>>(em: SqlExecutor, query: string, params: unknown[] = []): Promise<T[]> {
  return run<T>(em, query, params, false, { dates: true });
}

/** preparedSql() whose `timestamptz` columns come back as `Date`. */
export function preparedRows<T = Record<string, unknown>>(em: SqlExecutor, query: string, params: unknown[] = []): Promise<T[]> {
  return run<T>(em, query, params, true, { dates: true });
}
