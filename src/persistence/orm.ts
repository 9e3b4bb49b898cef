import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { PoolConfig } from 'pg';
import { MIGRATIONS } from '../../migrations';
import { ENTITIES } from './entities';

export type Orm = MikroORM;

export interface OrmOptions {
  pool: PoolConfig;
  poolMax: number;
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
    pool: { min: 0, max: opts.poolMax, idleTimeoutMillis: 10_000 },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: process.env.DTE_DEBUG_SQL === '1' ? ['query'] : false,
    ignoreUndefinedInQuery: true,
  };
}

export async function createOrm(opts: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormConfig(opts));
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
