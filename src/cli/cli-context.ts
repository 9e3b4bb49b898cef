import 'reflect-metadata';
import { noQueue } from '../services/ports/queue.port';
import { loadConfig, type AppConfig } from '../config/config';
import { createLogger } from '../config/logger';
import { attachEmbeddedDatabase, externalDatabase, openEmbeddedDatabase, type Database } from '../persistence/database';
import { createOrm, migrate, type Orm } from '../persistence/orm';
import { systemClock } from '../services/shared/clock';
import { resolveMasterKey } from '../integrations/crypto/master-key';
import { SecretBox } from '../integrations/crypto/secret-box';
import { SigningKeyCache } from '../integrations/signer/signing-key-cache';
import type { MhClient } from '../integrations/mh-client';
import { createLocalStatusBus } from '../integrations/events/document-status-bus';
import { createLocalSessionEvents } from '../integrations/events/session-events-bus';
import type { MhCredentialGateway } from '../services/ports/mh-gateway.port';
import { withDocumentStore } from '../services/shared/with-document-store';
import { createServices, type Services } from '../services/services';
import { unregisteredLease } from '../services/processes/process-lease';

export interface CliContext {
  config: AppConfig;
  services: Services;
  close(): Promise<void>;
}

/**
 * Database access for CLI commands: DATABASE_URL directly; with the embedded database, through the
 * socket of the running service when it runs, else by opening it here (migrations applied).
 */
export async function openCliContext(): Promise<CliContext> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr as never);
  let db: Database;
  let ownsMigrations = true;
  if (config.databaseUrl) db = externalDatabase(config.databaseUrl);
  else {
    const attached = attachEmbeddedDatabase(config.dataDir);
    if (attached) {
      db = attached;
      ownsMigrations = false;
    } else db = await openEmbeddedDatabase({ dataDir: config.dataDir });
  }
  let orm: Orm;
  try {
    orm = await createOrm({ pool: db.pool, poolMax: 2, namedStatements: !db.embedded });
    if (ownsMigrations) await migrate(orm);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  // CLI commands manage accounts and keys; they never talk to MH.
  const noMh = () => {
    throw new Error('la CLI no se comunica con el MH');
  };
  const services = createServices(
    withDocumentStore({
      orm,
      config,
      logger,
      clock: systemClock,
      queue: noQueue,
      secrets: new SecretBox(
        resolveMasterKey({ value: config.masterKeyHex ?? undefined, dataDir: config.dataDir, allowGenerate: !config.databaseUrl }),
        config.masterKeyPreviousHex.map((h) => Buffer.from(h, 'hex')),
      ),
      signingKeys: new SigningKeyCache(1),
      mhCredentials: { mode: config.mh.mode, enrol: noMh, login: noMh } as MhCredentialGateway,
      mhClient: new Proxy({}, { get: () => noMh }) as MhClient,
      statusBus: createLocalStatusBus(),
      sessionEvents: createLocalSessionEvents(),
      mailer: { kind: 'file', send: async () => { throw new Error('la CLI no envía correos'); }, close: () => undefined },
      outbox: { kick: () => undefined },
      baseUrl: () => config.publicBaseUrl ?? `http://${config.host}:${config.port}`,
      processLease: unregisteredLease(),
    }),
  );
  return {
    config,
    services,
    close: async () => {
      await orm.close(true);
      await db.close();
    },
  };
}
