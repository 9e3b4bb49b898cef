import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { PoolConfig } from 'pg';
import { MIGRATIONS } from '../../migrations';
import { ENTITIES } from './entities';
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
    ...(opts.pool.application_name ? { driverOptions: { connection: { application_name: opts.pool.application_name } } } : {}),
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: process.env.DTE_DEBUG_SQL === '1' ? ['query'] : false,
    ignoreUndefinedInQuery: true,
  };
}

export async function createOrm(opts: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(opts));
  if (opts.namedStatements === false) useUnnamedStatements(orm.em);
  return orm;
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
