import type { AppConfig } from '../../config/config';
import type { Logger } from '../../config/logger';
import type { Orm } from '../../persistence/orm';
import type { QueuePort } from '../ports/queue.port';
import type { SecretBox } from '../../integrations/crypto/secret-box';
import type { SigningKeyCache } from '../../integrations/signer/signing-key-cache';
import type { Clock } from './clock';
import type { MhCredentialGateway } from '../ports/mh-gateway.port';
import type { MhClient } from '../../integrations/mh-client';
import type { DocumentStatusBus } from '../ports/document-status-bus.port';
import type { Mailer } from '../ports/mailer.port';
import type { ProcessLease } from '../processes/process-lease';
import type { DocumentStore } from '../../persistence/documents/document-store';
import type { ContingencyEpisodeStore } from '../../persistence/contingency/contingency-episode-store';
import type { InvalidationStore } from '../../persistence/invalidations/invalidation-store';
import type { DteEventStore } from '../../persistence/events/dte-event-store';
import type { PeriodArchiveStore } from '../../persistence/archives/period-archive-store';
import type { SessionEventsBus } from '../ports/session-events.port';
import type { ApiKeyChanges } from '../ports/api-key-changes.port';
import type { EmitterCaches } from '../emitters/emitter-cache';
import type { OperationsObserver } from '../ports/operations-observer.port';
import type { ProcessLifecycle } from './process-lifecycle';
import type { TransmissionDueBus } from '../ports/transmission-due.port';
import type { MhReachability } from '../health/mh-reachability';

/** What every service may use. Built once in src/app.ts; tests build it against their own database. */
export interface ServiceDeps {
  orm: Orm;
  config: AppConfig;
  logger: Logger;
  clock: Clock;
  queue: QueuePort;
  /** Seals secrets at rest with the master key (AES-256-GCM). */
  secrets: SecretBox;
  /** Decrypted signing keys, in memory only. */
  signingKeys: SigningKeyCache;
  mhCredentials: MhCredentialGateway;
  /** MH's transmission API (real MH or the simulator). */
  mhClient: MhClient;
  statusBus: DocumentStatusBus;
  /** Ended panel sessions, so the WebSocket server closes their sockets (any process). */
  sessionEvents: SessionEventsBus;
  /** Changed API keys (any process, any writer): with it, authenticated keys are cached per process. Absent on the embedded database and in the CLI. */
  apiKeyChanges?: ApiKeyChanges;
  /** Issuers read by this process, dropped on the issuer tables' notices (any process, any writer); a service that changes an issuer forgets it at once. Absent on the embedded database and in the CLI. */
  emitterCaches?: EmitterCaches;
  /** Outgoing e-mail: SMTP (SMTP_URL) or `.eml` files in DATA_DIR/outbox. */
  mailer: Mailer;
  /** Asks the outbox dispatcher to run now (webhook deliveries); set once the dispatcher exists. */
  outbox: { kick(): void };
  /** Base of absolute links handed out (PUBLIC_BASE_URL, else the listening URL). */
  baseUrl: () => string;
  /** This process's lease: it owns the idempotency records of the requests the process runs. */
  processLease: ProcessLease;
  /** The only writer of documents, their events, outbox rows and notifications; the owner of their views. */
  documents: DocumentStore;
  /** The only writer of contingency episodes (their state machine) and the owner of their reads. */
  contingencies: ContingencyEpisodeStore;
  /** The only writer of invalidation events and of their copy on the document (their state machine). */
  invalidations: InvalidationStore;
  /** The only writer of returns and special-operations events (their state machine) and the owner of their reads. */
  dteEvents: DteEventStore;
  /** The only writer of period archives and their files (their state machine). */
  archives: PeriodArchiveStore;
  /** Counts what an operator graphs (webhook outcomes); absent: nothing counted. */
  observer?: OperationsObserver;
  /** What this process last learnt of MH per environment (readiness); absent: unknown. */
  mhReachability?: MhReachability;
  /** This process's stop: requests waiting on MH answer at once, and the stop waits for the MH calls. Absent in the CLI. */
  lifecycle?: ProcessLifecycle;
  /** Wakes the workers' transmission pumps after an async commit; absent: they poll. */
  transmissionDue?: TransmissionDueBus;
}
