import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { PoolConfig } from 'pg';
import { MIGRATIONS } from '../../migrations';
import { ENTITIES } from './entities';
import type { PrimaryLocator } from './database-hosts';
import { useUnnamedStatements } from './sql';

export type Orm = MikroORM;

/**
 * How long a statement waits for a free connection of a full pool before it fails (a 503 for the
 * request: see connection-errors.ts); also the bound on a connection attempt to a server that does
 * not answer.
 */
export const ACQUIRE_TIMEOUT_MS = 15_000;

export interface OrmOptions {
  pool: PoolConfig;
  /** A multi-host DATABASE_URL: the ORM's connections go to the host it picks (ADR 0060). */
  locator?: PrimaryLocator;
  poolMax: number;
  /**
   * Whether preparedSql may use named prepared statements (default true). Off for the embedded database:
   * its socket connections share one PGlite session, where a name prepared by one connection would
   * collide with the same name prepared by another.
   */
  namedStatements?: boolean;
}

function connectionOptions(pool: PoolConfig): Partial<Options> {
  if (pool.connectionString) return { clientUrl: pool.connectionString };
  return {
    host: pool.host,
    port: pool.port,
    user: pool.user,
    password: typeof pool.password === 'string' ? pool.password : undefined,
    dbName: pool.database,
  };
}

export function ormConfig(opts: OrmOptions): Options {
  return {
    ...connectionOptions(opts.pool),
    entities: ENTITIES,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      tableName: 'schema_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    pool: { min: 0, max: opts.poolMax, idleTimeoutMillis: 10_000, acquireTimeoutMillis: ACQUIRE_TIMEOUT_MS },
    ...driverOptions(opts),
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: process.env.DTE_DEBUG_SQL === '1' ? ['query'] : false,
    ignoreUndefinedInQuery: true,
  };
}

/**
 * The knex connection settings: the process's `application_name`, and with a multi-host URL a
 * provider knex asks once, for its first connections (the host the locator picks); every later
 * connection is a TargetedClient (useClientClass), which asks the locator itself.
 */
function driverOptions(opts: OrmOptions): Partial<Options> {
  const name = opts.pool.application_name;
  const locator = opts.locator;
  if (!locator) return name ? { driverOptions: { connection: { application_name: name } } } : {};
  const { Client: _client, ...base } = opts.pool;
  return {
    driverOptions: {
      connection: async () => {
        const t = await locator.target();
        return { ...base, host: t.host, port: t.port };
      },
    },
  };
}

export async function createOrm(opts: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(opts));
  if (opts.namedStatements === false) useUnnamedStatements(orm.em);
  // Later connections are also checked to accept writes (the pools' Client class).
  if (opts.pool.Client) useClientClass(orm, opts.pool.Client);
  return orm;
}

/** The ORM's knex creates its connections with `Client` (its driver is pg; only the class changes). */
function useClientClass(orm: Orm, client: NonNullable<PoolConfig['Client']>): void {
  const knexClient = (orm.em.getConnection() as unknown as { getKnex(): { client: { driver: object } } }).getKnex().client;
  knexClient.driver = Object.create(knexClient.driver, { Client: { value: client } });
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
