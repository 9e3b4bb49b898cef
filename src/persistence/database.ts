import { keepProtocolSequencesTogether } from './pglite-protocol-queue';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolConfig } from 'pg';
import { pidAlive } from './pid-alive';
import { PrimaryLocator, targetedClientClass } from './database-hosts';
import { needsHostSelection, parseDatabaseUrl } from './database-url';

/**
 * Where the service's PostgreSQL lives. With DATABASE_URL it is a real server; without it the
 * embedded PGlite database under DATA_DIR, served on a local Unix socket so that the pg driver,
 * MikroORM and Agenda all talk to it as to any PostgreSQL, and so that the CLI can reach it while
 * the service runs (only one process ever opens the PGlite directory).
 */
export interface Database {
  readonly embedded: boolean;
  /** pg connection settings (also used for Agenda's pool). */
  readonly pool: PoolConfig;
  /** Human-readable location without secrets, for logs. */
  readonly description: string;
  /** A multi-host DATABASE_URL's choice of host (every pool's `Client` asks it). */
  readonly locator?: PrimaryLocator;
  close(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  /** Whether this process may become the owner (the service, or a CLI run while it is stopped). */
  maxConnections?: number;
}

export function embeddedPaths(dataDir: string) {
  const runDir = join(dataDir, 'run');
  return {
    pgData: join(dataDir, 'pgdata'),
    runDir,
    socket: join(runDir, '.s.PGSQL.5432'),
    owner: join(runDir, 'embedded-db.pid'),
  };
}

/** The pid of a live process that owns the embedded database, or null. */
export function embeddedOwner(dataDir: string): number | null {
  const p = embeddedPaths(dataDir);
  if (!existsSync(p.owner) || !existsSync(p.socket)) return null;
  const pid = Number(readFileSync(p.owner, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid) ? pid : null;
}

function socketPool(runDir: string): PoolConfig {
  return { host: runDir, port: 5432, user: 'postgres', password: 'postgres', database: 'postgres' };
}

/** Connects to the embedded database another process serves, if any. */
export function attachEmbeddedDatabase(dataDir: string): Database | null {
  const owner = embeddedOwner(dataDir);
  if (owner === null) return null;
  const p = embeddedPaths(dataDir);
  return {
    embedded: true,
    pool: socketPool(p.runDir),
    description: `base embebida (PGlite) de ${p.pgData}, servida por el proceso ${owner}`,
    close: async () => {},
  };
}

/** Opens PGlite in this process and serves it on the local socket. */
export async function openEmbeddedDatabase(opts: EmbeddedDatabaseOptions): Promise<Database> {
  const p = embeddedPaths(opts.dataDir);
  const owner = embeddedOwner(opts.dataDir);
  if (owner !== null) {
    throw new Error(`La base embebida de ${opts.dataDir} ya está abierta por el proceso ${owner}; detenga ese proceso o use otro DATA_DIR.`);
  }
  mkdirSync(p.pgData, { recursive: true, mode: 0o700 });
  mkdirSync(p.runDir, { recursive: true, mode: 0o700 });
  rmSync(p.socket, { force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // The receiver search folds accents with unaccent (ADR 0040): PGlite ships it as a contrib extension.
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = await openPglite(p.pgData, () => PGlite.create(p.pgData, { extensions: { pg_trgm, unaccent } }), opts.dataDir);
  const server = new PGLiteSocketServer({ db, path: p.socket, maxConnections: opts.maxConnections ?? 200 } as ConstructorParameters<typeof PGLiteSocketServer>[0]);
  keepProtocolSequencesTogether(server);
  await server.start();
  writeFileSync(p.owner, String(process.pid), { mode: 0o600 });
  let closed = false;
  return {
    embedded: true,
    pool: socketPool(p.runDir),
    description: `base embebida (PGlite) en ${p.pgData}`,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
      rmSync(p.owner, { force: true });
      rmSync(p.socket, { force: true });
    },
  };
}

/** The embedded database's files could not be opened: the start stops with this message (no stack). */
export class EmbeddedDatabaseUnreadable extends Error {
  constructor(dataDir: string) {
    super(
      `La base embebida en ${join(dataDir, 'pgdata')} no se pudo abrir: sus archivos están dañados o incompletos (disco lleno, corte de energía, copia parcial). ` +
        `Los datos no se han tocado. Con el servicio detenido, restaure la última copia con: DATA_DIR=${dataDir} npm run -s cli -- restore --in COPIA.tar.gz --replace ` +
        `(la carpeta dañada se conserva aparte; vea «Backups» en el README).`,
    );
    this.name = 'EmbeddedDatabaseUnreadable';
  }
}

/**
 * Opens PGlite. A process killed with kill -9 leaves PGlite's postmaster.pid behind (it always
 * records the pid -42); nobody else owns the directory at this point (embeddedOwner said so), so
 * when the open fails with that file present it is stale: remove it and try once more. A second
 * failure is damage the service cannot repair: stop with the recovery command, never an abort.
 */
async function openPglite<T>(pgData: string, create: () => Promise<T>, dataDir: string): Promise<T> {
  try {
    return await create();
  } catch {
    const lock = join(pgData, 'postmaster.pid');
    if (existsSync(lock)) {
      rmSync(lock, { force: true });
      try {
        return await create();
      } catch {
        // fall through to the recovery message
      }
    }
    throw new EmbeddedDatabaseUnreadable(dataDir);
  }
}

/**
 * A real PostgreSQL server. `applicationName` names the process's connections in
 * `pg_stat_activity` (`dte-<role>-<pid>`), so an operator sees which process holds which.
 */
export function externalDatabase(url: string, applicationName = `dte-${process.pid}`): Database {
  const parsed = parseDatabaseUrl(url);
  const where = `${parsed.hosts.map((h) => `${h.host}:${h.port}`).join(',')}/${parsed.database}`;
  if (!needsHostSelection(parsed)) {
    return { embedded: false, pool: { connectionString: url, application_name: applicationName }, description: `PostgreSQL en ${where}`, close: async () => {} };
  }
  // Several hosts: every connection of the process goes to the one that accepts writes (ADR 0060).
  const base = { user: parsed.user, password: parsed.password, database: parsed.database, application_name: applicationName, ...sslOf(parsed.params) };
  const locator = new PrimaryLocator(parsed, base);
  return {
    embedded: false,
    pool: { ...base, host: parsed.hosts[0].host, port: parsed.hosts[0].port, Client: targetedClientClass(locator) },
    locator,
    description: `PostgreSQL en ${where} (target_session_attrs=${parsed.targetSessionAttrs})`,
    close: async () => {},
  };
}

/** `sslmode` of the URL as pg's `ssl` option (require and stronger: TLS; verify-* also checks the certificate). */
function sslOf(params: Record<string, string>): { ssl?: boolean | { rejectUnauthorized: boolean } } {
  const mode = params.sslmode;
  if (!mode || mode === 'disable' || mode === 'allow' || mode === 'prefer') return {};
  return { ssl: mode === 'verify-ca' || mode === 'verify-full' ? { rejectUnauthorized: true } : { rejectUnauthorized: false } };
}
