import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Agenda } from 'agenda';
import { Client } from 'pg';
import { AgendaQueue, createAgenda, defineJobs, scheduleRecurring } from '../jobs/agenda-queue';
import { JOBS } from '../jobs/jobs';
import { TransmissionPump } from '../jobs/transmission-pump';
import { noQueue, type QueuePort } from './services/ports/queue.port';
import type { AppConfig } from './config/config';
import { createLogger, type Logger } from './config/logger';
import { createGraphQLHttp } from './graphql/graphql-http';
import { attachGraphQLWebSocket } from './graphql/graphql-ws';
import { buildGraphQLSchema } from './graphql/schema';
import { ApiGuard } from './http/api-guard';
import { answerClientErrorsWithProblems } from './http/client-error-problems';
import { createMetrics, metricsExposure } from './http/metrics';
import { createOperationsServer } from './http/metrics-server';
import { registerOperationsMetrics } from './http/operations-metrics';
import { MhReachability } from './services/health/mh-reachability';
import { ProcessLifecycle } from './services/shared/process-lifecycle';
import type { OperationsSnapshot } from './services/health/read-operations-snapshot.service';
import { createRateLimiter } from './integrations/rate-limit/shared-rate-limiter';
import { trustFunction } from './http/trust-proxy';
import { resolveMasterKey } from './integrations/crypto/master-key';
import { SecretBox } from './integrations/crypto/secret-box';
import { createMhRuntime } from './integrations/mh/mh-runtime';
import { SigningKeyCache } from './integrations/signer/signing-key-cache';
import { createLocalStatusBus, createPgStatusBus } from './integrations/events/document-status-bus';
import { createLocalSessionEvents, createPgSessionEvents } from './integrations/events/session-events-bus';
import { createPgEmitterChanges } from './integrations/events/emitter-changes-bus';
import { createPgNoticeHub } from './integrations/events/notify-channel';
import { createLocalTransmissionDue, createPgTransmissionDue } from './integrations/events/transmission-due-bus';
import { EmitterCaches } from './services/emitters/emitter-cache';
import type { EmitterChanges } from './services/ports/emitter-changes.port';
import { createPgApiKeyChanges } from './integrations/events/api-key-changes-bus';
import type { ApiKeyChanges } from './services/ports/api-key-changes.port';
import { externalDatabase, openEmbeddedDatabase, type Database } from './persistence/database';
import { createOrm, migrate, type Orm } from './persistence/orm';
import { useDirectPool } from './persistence/sql';
import { connectionBudget } from './persistence/connection-budget';
import { newClient } from './persistence/database-hosts';
import { createHttpApp } from './server';
import { systemClock, type Clock } from './services/shared/clock';
import { withDocumentStore } from './services/shared/with-document-store';
import { createServices, type Services } from './services/services';
import { createMailer } from './integrations/mail/create-mailer';
import { ProcessLeaseKeeper } from './services/processes/process-lease';

export interface StartOptions {
  logger?: Logger;
  clock?: Clock;
  /** Skip creating/printing the demo account of the embedded default (tests). Never made with DATABASE_URL. */
  demoAccount?: boolean;
}

export interface RunningApp {
  config: AppConfig;
  services: Services;
  logger: Logger;
  /** http://host:port (the listening address), or null for a worker. */
  url: string | null;
  baseUrl: string;
  /** The embedded default's demo account (never with DATABASE_URL): its test key and panel user, whose password only while it is still the demo one. */
  demo: { accountId: string; testKey: string; user: { email: string; password: string | null } } | null;
  /** The MH simulator's URL in simulator mode. */
  mhSimulatorUrl: string | null;
  /** Where /metrics answers (the API port or METRICS_PORT), or null when it is not served. */
  metricsUrl: string | null;
  database: Database;
  /** The notices of changed API keys this process's key cache listens to (null on the embedded database: no cache). */
  apiKeyChanges: ApiKeyChanges | null;
  /** Notices of changed issuers this process's emitter cache listens to (null on the embedded database). */
  emitterChanges: EmitterChanges | null;
  stop(): Promise<void>;
}

/** Applies pending migrations, serialised across processes with an advisory lock on real PostgreSQL. */
async function migrateWithLock(orm: Orm, db: Database, logger: Logger): Promise<void> {
  let lockClient: Client | null = null;
  if (!db.embedded) {
    lockClient = newClient(db.pool);
    await lockClient.connect();
    await lockClient.query('select pg_advisory_lock(727000)');
  }
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ applied }, 'migraciones aplicadas');
  } finally {
    if (lockClient) {
      await lockClient.query('select pg_advisory_unlock(727000)').catch(() => undefined);
      await lockClient.end().catch(() => undefined);
    }
  }
}

/** Opens the database (embedded or DATABASE_URL), migrates, and builds the services. Used by the service and the CLI. */
export async function openDatabaseAndOrm(config: AppConfig, logger: Logger, opts: { migrate: boolean }): Promise<{ db: Database; orm: Orm }> {
  const db = config.databaseUrl ? externalDatabase(config.databaseUrl, `dte-${config.role}-${process.pid}`) : await openEmbeddedDatabase({ dataDir: config.dataDir });
  try {
    const orm = await createOrm({ pool: db.pool, locator: db.locator, poolMax: connectionBudget(config.dbPoolMax, config.jobDbPoolMax).orm, namedStatements: !db.embedded });
    if (!(await orm.isConnected())) throw new Error(`no se pudo conectar a ${db.description}`);
    if (opts.migrate) await migrateWithLock(orm, db, logger);
    return { db, orm };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}

export async function startApp(config: AppConfig, opts: StartOptions = {}): Promise<RunningApp> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? systemClock;
  const masterKey = resolveMasterKey({ value: config.masterKeyHex ?? undefined, dataDir: config.dataDir, allowGenerate: !config.databaseUrl });
  const secretBox = new SecretBox(masterKey, config.masterKeyPreviousHex.map((h) => Buffer.from(h, 'hex')));
  const { db, orm } = await openDatabaseAndOrm(config, logger, { migrate: true });
  logger.info({ database: db.description }, 'base de datos lista');
  // Raw statements outside the ORM's transactions borrow their connections here (real PostgreSQL only).
  const directPool = db.embedded ? null : useDirectPool(orm, connectionBudget(config.dbPoolMax, config.jobDbPoolMax).direct, db.pool);

  const runsApi = config.role !== 'worker';
  const runsWorkers = config.role !== 'api';
  let agenda: Agenda | null = null;
  let queue: QueuePort = noQueue;
  const stopping: (() => Promise<void>)[] = [];
  try {
    const created = await createAgenda({
      backend: config.agendaMongoUrl ? { kind: 'mongodb', url: config.agendaMongoUrl } : { kind: 'postgres', pool: db.pool, embedded: db.embedded },
      name: `${config.role}-${process.pid}`,
      concurrency: config.jobConcurrency,
      poolMax: config.jobDbPoolMax,
      lockLifetimeMs: config.jobLockLifetimeMs,
      logger,
    });
    agenda = created.agenda;
    stopping.push(created.close);
    queue = new AgendaQueue(agenda);
    // Metrics exist in every process (a worker serves them on METRICS_PORT): MH calls and webhook outcomes are counted where they happen.
    const lifecycle = new ProcessLifecycle();
    // A worker's stop begins the same way (its own MH calls are jobs: Agenda's stop waits for them).
    stopping.push(async () => lifecycle.beginStop());
    const metrics = createMetrics();
    const reachability = new MhReachability(clock);
    let snapshotOf: () => Promise<OperationsSnapshot> = () => Promise.reject(new Error('servicios sin iniciar'));
    const operations = registerOperationsMetrics(metrics.registry, () => snapshotOf());
    const mh = await createMhRuntime(config, logger, clock, (call) => {
      reachability.record(call);
      operations.mhCall(call);
    });
    stopping.push(mh.close);
    let baseUrl = config.publicBaseUrl ?? '';
    // One LISTEN connection and one NOTIFY connection carry every notice channel of the process (real PostgreSQL only).
    const hub = db.embedded ? null : createPgNoticeHub(db.pool, logger);
    if (hub) stopping.push(() => hub.close());
    const statusBus = hub ? createPgStatusBus(hub) : createLocalStatusBus();
    const sessionEvents = hub ? createPgSessionEvents(hub) : createLocalSessionEvents();
    const transmissionDue = hub ? createPgTransmissionDue(hub) : createLocalTransmissionDue();
    if (!hub) stopping.push(() => statusBus.close(), () => sessionEvents.close(), () => transmissionDue.close());
    // Authenticated keys are cached per process only where the api_keys trigger's notices reach it.
    const apiKeyChanges = hub ? createPgApiKeyChanges(hub) : undefined;
    // So are issuers, where the issuer tables' triggers' notices reach it.
    const emitterChanges = hub ? createPgEmitterChanges(hub) : undefined;
    await hub?.ready();
    const mailer = createMailer(config);
    stopping.push(async () => mailer.close());
    logger.info({ mail: mailer.kind === 'smtp' ? 'smtp' : `archivos .eml en ${join(config.dataDir, 'outbox')}` }, 'correo saliente listo');
    const outbox = { kick: () => undefined as void };
    // This process's lease: the idempotency records it runs are resolved at once if it dies.
    const processLease = new ProcessLeaseKeeper(() => orm.em.fork(), { ttlMs: config.processLeaseTtlMs, role: config.role, logger });
    await processLease.start();
    stopping.push(() => processLease.stop());
    const services = createServices(
      withDocumentStore({
        orm,
        config,
        logger,
        clock,
        queue,
        secrets: secretBox,
        signingKeys: new SigningKeyCache(500),
        mhCredentials: mh.credentials,
        mhClient: mh.client,
        statusBus,
        sessionEvents,
        apiKeyChanges,
        emitterCaches: emitterChanges ? new EmitterCaches(emitterChanges, () => clock.now().getTime()) : undefined,
        mailer,
        outbox,
        baseUrl: () => baseUrl,
        processLease,
        observer: operations.observer,
        mhReachability: reachability,
        lifecycle,
        transmissionDue,
      }),
    );
    snapshotOf = () => services.readOperationsSnapshot.execute();
    processLease.alsoOnEachBeat(() => services.renewRunningRequests.execute());
    // Outbox rows committed by a use case are dispatched to webhooks at once (and every 5 s anyway).
    outbox.kick = () => void services.dispatchOutboxEvents.kick();
    stopping.push(() => services.dispatchOutboxEvents.settle());
    if (runsWorkers) {
      const jobs = JOBS.map((f) => f(services));
      defineJobs(agenda, jobs, logger, config.jobLockLifetimeMs, config.jobConcurrency);
      await agenda.start();
      await scheduleRecurring(agenda, jobs);
      // Async documents: claimed in batches by this worker's pump, not one job each (ADR 0061).
      const pump = new TransmissionPump(services.transmitDueDocuments, transmissionDue, { concurrency: config.jobConcurrency, pollMs: 1000, logger });
      pump.start();
      stopping.unshift(() => pump.stop());
    }

    let demo: RunningApp['demo'] = null;
    // The demo account, key and user belong to the embedded default only: a service on an
    // operator's database creates no user and prints no secret (accounts, users, keys: the CLI).
    if (opts.demoAccount !== false && !config.databaseUrl) {
      const d = await services.ensureDemoAccount.execute();
      const user = await services.ensureDemoUser.execute(d.accountId);
      demo = { accountId: d.accountId, testKey: d.testKey, user };
    } else if (config.databaseUrl && runsApi) {
      await services.retirePrintedDemoSecrets.execute();
    }

    let url: string | null = null;
    let metricsUrl: string | null = null;
    const exposure = metricsExposure(config.metrics, config.host);
    if (runsApi) {
      const schema = buildGraphQLSchema();
      // Counters in PostgreSQL where there is one (shared by every API process), in memory on the embedded database.
      const guard = new ApiGuard(
        services,
        createRateLimiter({ perMinute: config.rateLimitPerMinute, keyPrefix: 'key', pool: directPool, logger }),
        createRateLimiter({ perMinute: config.rateLimitAnonymousPerMinute, keyPrefix: 'ip', pool: directPool, logger }),
      );
      const gql = await createGraphQLHttp({ schema, services, guard, logger, maxDepth: config.graphqlMaxDepth, maxCost: config.graphqlMaxCost });
      const inFlight = { count: 0 };
      const app = createHttpApp({
        schema,
        services,
        guard,
        logger,
        metrics,
        metricsExposure: exposure,
        bodyLimitBytes: config.bodyLimitBytes,
        graphqlHandler: gql.handler,
        baseUrl: () => baseUrl,
        inFlight,
        stopping: () => lifecycle.isStopping,
        trustProxy: trustFunction(config.trustProxy),
      });
      const server: Server = createServer(app);
      server.keepAliveTimeout = 65_000;
      answerClientErrorsWithProblems(server, { logger, baseUrl: () => baseUrl });
      const ws = attachGraphQLWebSocket({
        httpServer: server,
        schema,
        services,
        guard,
        logger,
        limits: { maxDepth: config.graphqlMaxDepth, maxCost: config.graphqlMaxCost },
        maxPayloadBytes: config.bodyLimitBytes,
        maxSubscriptions: config.graphqlWs.maxSubscriptions,
        maxConnectionsPerKey: config.graphqlWs.maxConnectionsPerKey,
        baseUrl: () => baseUrl,
        trustProxy: trustFunction(config.trustProxy),
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      const addr = server.address() as AddressInfo;
      const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address;
      url = `http://${host}:${addr.port}`;
      baseUrl = config.publicBaseUrl ?? url;
      if (exposure.kind === 'api') metricsUrl = `${baseUrl}/metrics`;
      stopping.unshift(async () => {
        // A rolling restart (ADR 0039): requests waiting on MH answer now (202), /readyz says 503, every
        // response closes its connection; stop accepting, let in-flight requests finish (up to
        // SHUTDOWN_TIMEOUT_MS), close the sockets with a code clients reconnect after, then let this
        // process's MH calls finish within the same bound.
        lifecycle.beginStop();
        const deadline = Date.now() + config.shutdownTimeoutMs;
        server.close();
        await ws.close().catch(() => undefined);
        while (inFlight.count > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        server.closeAllConnections();
        await lifecycle.settle(deadline);
        await gql.stop();
        // Responses already answered whose replay copy is still being stored.
        await services.runIdempotentRequest.settled();
      });
    }
    // The operations listener (METRICS_PORT): /metrics, /healthz and /readyz — a worker's only listener.
    if (exposure.kind === 'separate') {
      const opsServer = createOperationsServer(metrics, exposure.token, services);
      await new Promise<void>((resolve, reject) => {
        opsServer.once('error', reject);
        opsServer.listen(config.metrics.port!, config.metrics.host, () => resolve());
      });
      const m = opsServer.address() as AddressInfo;
      metricsUrl = `http://${m.family === 'IPv6' ? `[${m.address}]` : m.address}:${m.port}/metrics`;
      stopping.push(async () => {
        opsServer.closeAllConnections();
        await new Promise<void>((resolve) => opsServer.close(() => resolve()));
      });
    }
    let stopped = false;
    return {
      config,
      services,
      logger,
      url,
      baseUrl: baseUrl || url || '',
      demo,
      mhSimulatorUrl: mh.simulatorUrl,
      metricsUrl,
      database: db,
      apiKeyChanges: apiKeyChanges ?? null,
      emitterChanges: emitterChanges ?? null,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        for (const s of stopping) await s().catch((err) => logger.warn({ err }, 'error al detener'));
        await orm.close(true);
        await directPool?.end();
        await db.close();
      },
    };
  } catch (err) {
    for (const s of stopping) await s().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
    await directPool?.end().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}
