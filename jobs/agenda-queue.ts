import type { Agenda } from 'agenda';
import type { PoolConfig } from 'pg';
import type { Logger } from '../src/config/logger';
import type { AnyJobDefinition } from './job-definition';
import { parseJobPayload, uniqueKeyOf, type JobPayload, type JobWithPayload } from './job-registry';
import type { QueuePort } from '../src/services/ports/queue.port';

export interface AgendaSettings {
  /** PostgreSQL (default) or MongoDB (AGENDA_MONGODB_URL). */
  backend: { kind: 'postgres'; pool: PoolConfig; embedded: boolean } | { kind: 'mongodb'; url: string };
  name: string;
  concurrency: number;
  /** Connections of Agenda's pool (JOB_DB_POOL_MAX), its LISTEN connection included. */
  poolMax: number;
  lockLifetimeMs: number;
  logger: Logger;
}

/**
 * Builds Agenda with the chosen backend. The embedded database cannot carry LISTEN/NOTIFY between
 * connections, so there jobs are announced in-process and polled every second as a fallback.
 */
export async function createAgenda(settings: AgendaSettings): Promise<{ agenda: Agenda; close: () => Promise<void> }> {
  const { Agenda: AgendaClass, InMemoryNotificationChannel } = await import('agenda');
  let backend;
  let notificationChannel;
  let ownPool: { end(): Promise<void> } | null = null;
  if (settings.backend.kind === 'postgres') {
    const { PostgresBackend } = await import('@agendajs/postgres-backend');
    const { Pool } = await import('pg');
    const pool = new Pool({ ...settings.backend.pool, max: settings.poolMax, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 15_000 });
    quietAfterEnd(pool);
    pool.on('error', (err) => settings.logger.warn({ err }, 'error en una conexión de Agenda'));
    ownPool = pool;
    backend = new PostgresBackend({ pool, disableNotifications: settings.backend.embedded });
    if (settings.backend.embedded) notificationChannel = new InMemoryNotificationChannel();
  } else {
    const { MongoBackend } = await import('@agendajs/mongo-backend');
    backend = new MongoBackend({ address: settings.backend.url });
  }
  const agenda = new AgendaClass({
    backend,
    name: settings.name,
    processEvery: pollIntervalMs(settings.backend.kind === 'postgres' && !settings.backend.embedded ? 5_000 : 1_000, settings.lockLifetimeMs),
    maxConcurrency: settings.concurrency,
    defaultConcurrency: settings.concurrency,
    lockLimit: settings.concurrency,
    defaultLockLimit: settings.concurrency,
    defaultLockLifetime: settings.lockLifetimeMs,
    ...(notificationChannel ? { notificationChannel } : {}),
  });
  agenda.on('error', (err: Error) => settings.logger.error({ err }, 'error de Agenda'));
  catchFireAndForgetUnlocks(agenda, settings.logger);
  const channel = (backend as { notificationChannel?: { on?: (e: string, l: (err: Error) => void) => void } }).notificationChannel;
  channel?.on?.('error', (err) => settings.logger.warn({ err }, 'error en el canal LISTEN/NOTIFY de Agenda'));
  await agenda.ready;
  return {
    agenda,
    close: async () => {
      await agenda.stop().catch((err) => settings.logger.warn({ err }, 'error al detener Agenda'));
      await ownPool?.end().catch(() => undefined);
    },
  };
}

/**
 * How often Agenda looks for due jobs: the backend's interval, but at most a third of the lock
 * lifetime. Agenda locks a job up to one interval before it is due and, when the job's turn comes,
 * drops one whose lock expired in the meantime without releasing its slot (agenda/agenda#1413): with
 * a lifetime shorter than the interval (3 s against 5 s), a recurring job locked ahead of time after
 * a worker died was never run again by the worker that took it over.
 */
export function pollIntervalMs(backendMs: number, lockLifetimeMs: number): number {
  return Math.max(250, Math.min(backendMs, Math.floor(lockLifetimeMs / 3)));
}

/**
 * Registers the job definitions (workers only). The process-wide limits are JOB_CONCURRENCY for the
 * work (transmissions, webhooks, e-mails, reports) plus one slot per recurring job: Agenda locks at
 * most `lockLimit` jobs per polling round, so sweeps counted against the work's slots crowded it
 * out (and each other: a reconciler due every 5 s ran once in several rounds).
 */
export function defineJobs(agenda: Agenda, jobs: AnyJobDefinition[], logger: Logger, lockLifetimeMs: number, concurrency: number): void {
  const slots = concurrency + recurringSlots(jobs);
  agenda.maxConcurrency(slots);
  agenda.lockLimit(slots);
  for (const job of jobs) {
    const run = job.run as (payload: Record<string, string>, ctx: { touch: () => Promise<void> }) => Promise<void>;
    agenda.define(
      job.name,
      async (agendaJob) => {
        const started = Date.now();
        const payload = parseJobPayload(job.name, (agendaJob.attrs.data ?? {}) as Record<string, unknown>);
        if (!payload) {
          logger.error({ job: job.name, data: agendaJob.attrs.data }, 'trabajo con datos inválidos: se descarta');
          return;
        }
        await run(payload, { touch: async () => void (await agendaJob.touch()) });
        logger.debug({ job: job.name, ms: Date.now() - started }, 'trabajo terminado');
      },
      {
        concurrency: job.concurrency,
        lockLimit: job.concurrency,
        lockLifetime: job.lockLifetimeMs ?? lockLifetimeMs,
        ...(job.removeOnComplete ? { removeOnComplete: true } : {}),
      },
    );
  }
  agenda.on('fail', (err: Error, agendaJob: { attrs: { name: string } }) => logger.warn({ err, job: agendaJob?.attrs?.name }, 'trabajo fallido'));
}

/** The slots the recurring jobs may hold at once (each its own concurrency, 1 unless it says otherwise). */
export function recurringSlots(jobs: readonly Pick<AnyJobDefinition, 'every' | 'concurrency'>[]): number {
  return jobs.filter((j) => j.every).reduce((n, j) => n + (j.concurrency ?? 1), 0);
}

/** Schedules the recurring jobs once (Agenda keeps one row per recurring job name). */
export async function scheduleRecurring(agenda: Agenda, jobs: AnyJobDefinition[]): Promise<void> {
  for (const job of jobs) if (job.every) await agenda.every(job.every, job.name, undefined, { skipImmediate: false });
}

export class AgendaQueue implements QueuePort {
  constructor(private readonly agenda: Agenda) {}

  async enqueue<N extends JobWithPayload>(name: N, payload: JobPayload<N>, opts: { runAt?: Date } = {}): Promise<void> {
    const uniqueKey = uniqueKeyOf(name, payload);
    const job = this.agenda.create(name, { ...payload, ...(uniqueKey ? { uniqueKey } : {}) });
    if (uniqueKey) job.unique({ 'data.uniqueKey': uniqueKey } as never);
    job.schedule(opts.runAt ?? new Date());
    await job.save();
  }
}

/**
 * Agenda releases some job locks fire-and-forget (`db.unlockJob(...)` without await), so one can
 * reach the pool after `stop()` and `end()`, and its rejection is unhandled. Once the pool is ended,
 * promise queries answer an empty result instead: a stopped worker has nothing left to write, and a
 * lock it did not release expires after JOB_LOCK_LIFETIME_MS, as after a crash.
 */
export function quietAfterEnd(pool: { query: (...args: never[]) => unknown; end: () => Promise<void> }): void {
  let ended = false;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const end = pool.end.bind(pool);
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    if (ended && typeof args[args.length - 1] !== 'function') return Promise.resolve({ rows: [], rowCount: 0 });
    return query(...args);
  };
  pool.end = () => {
    ended = true;
    return end();
  };
}

/**
 * Agenda's job processor releases some locks without awaiting them (`db.unlockJob(job)`): with the
 * database gone that rejection would be unhandled. Here it is logged as a warning instead; the lock
 * it did not release expires after JOB_LOCK_LIFETIME_MS, as after a crash.
 */
export function catchFireAndForgetUnlocks(agenda: Agenda, logger: Logger): void {
  const db = (agenda as unknown as { db?: Record<string, unknown> }).db;
  if (!db) return;
  for (const name of ['unlockJob', 'unlockJobs'] as const) {
    const original = db[name];
    if (typeof original !== 'function') continue;
    db[name] = (...args: unknown[]) =>
      Promise.resolve()
        .then(() => (original as (...a: unknown[]) => Promise<unknown>).apply(db, args))
        .catch((err: unknown) => logger.warn({ err, op: name }, 'Agenda no pudo liberar un trabajo; su bloqueo vence solo'));
  }
}
