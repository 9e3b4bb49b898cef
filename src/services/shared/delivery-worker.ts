import type { EntityManager, EntityName } from '@mikro-orm/core';
import { DEFAULT_RETRY_CAP_MS, nextAttemptAt, retryDelayMs } from '../../domain/webhooks/retry-schedule';
import { drainDue, freeAndDue } from './drain-due';
import type { ServiceDeps } from './service-deps';

/** A row a delivery worker sends: pending until `nextAttemptAt`, leased while one worker sends it. */
export interface DeliverableRow {
  id: string;
  status: string;
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
}

/** What one attempt did: delivered or not, and whether a failure can never succeed (a permanent 5xx SMTP refusal). */
export interface AttemptResult<D> {
  ok: boolean;
  permanent?: boolean;
  /** What the kind records of the attempt (message id, HTTP status, error …). */
  detail: D;
}

/** When a failed attempt is tried again: full-jitter back-off, until the attempts, the window or the row's deadline run out. */
export interface RetryRules<R> {
  baseMs: number;
  capMs?: number;
  /** Give up after this many attempts. */
  maxAttempts?: number;
  /** Give up once this long has passed since the row's first attempt (the last retry at the window's end). */
  window?: { ms: number; firstAttemptAt: (row: R, claimedAt: Date) => Date };
  /** Give up when the next attempt would come at or after this (an e-mail's link expiry). */
  deadline?: (row: R) => Date | null;
}

export type DeliveryOutcome = 'succeeded' | 'retry_scheduled' | 'failed' | 'skipped';

/** The outcome of an attempt as the kind writes it. */
export interface AttemptOutcome<R, D> {
  row: R;
  outcome: Exclude<DeliveryOutcome, 'skipped'>;
  attempt: number;
  result: AttemptResult<D>;
  /** When it is tried again (retry_scheduled), else null. */
  next: Date | null;
  /** When the worker claimed the row (a first attempt's start), and when the attempt ended. */
  claimedAt: Date;
  done: Date;
}

/** The lease a worker holds: results are written only where it still matches. */
export interface Fence {
  id: string;
  leaseUntil: Date;
}

/**
 * What a delivery kind supplies to the worker: its rows (entity, lease, load), its send, and how it
 * records an outcome. The claim, the attempt count, the back-off, the give-up and the retry belong
 * to the worker.
 */
export interface DeliveryKind<R extends DeliverableRow, D> {
  entity: EntityName<R>;
  /** How long a worker keeps a row to itself while sending it. */
  leaseMs(): number;
  retry: RetryRules<R>;
  /** The claimed row, with what sending needs. */
  load(em: EntityManager, id: string): Promise<R>;
  /** Attempts made before this one. */
  attemptsOf(row: R): number;
  /** A reason the row is failed at once, without an attempt (an expired link, a disabled endpoint); null: send it. */
  refuseBeforeSending?(row: R, now: Date): string | null;
  /** Writes that refusal (failed, lease released) while the lease is ours. */
  abandon?(em: EntityManager, fence: Fence, row: R, reason: string, at: Date): Promise<void>;
  /** One attempt. Never throws: a failure is `ok: false` with what to record. */
  send(em: EntityManager, row: R, attempt: number): Promise<AttemptResult<D>>;
  /** Writes the outcome (the row, the kind's side effects) while the lease is ours; false when another worker took the row. */
  record(em: EntityManager, fence: Fence, o: AttemptOutcome<R, D>): Promise<boolean>;
  /** Asks for the next attempt at `at` (the queue's job). */
  scheduleRetry(id: string, at: Date): Promise<void>;
  /** The row was not free to claim (another worker holds it, or it is not due). */
  onBusy?(id: string, now: Date): Promise<void>;
  /** An outcome was written (metrics). */
  onRecorded?(outcome: AttemptOutcome<R, D>['outcome']): void;
  /** Logged when a result came after the lease ran out: what it delivers, and the log field of its id. */
  describe: string;
  logKey: string;
}

/**
 * The lease / attempt / back-off loop every outgoing delivery shares (document e-mails, account
 * e-mails, webhooks): takes a due pending row with a lease (`leaseUntil`) so two workers never send
 * it at once, makes one attempt, records the outcome only while the lease is still its own, and on
 * a failure schedules the next attempt with full-jitter exponential back-off (ADR 0085) until the
 * kind's attempts, window or deadline run out — then the row is failed. Safe to run twice: a row that
 * is not due, already sent or failed, or held by another worker is skipped.
 */
export class DeliveryWorker<R extends DeliverableRow, D> {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly kind: DeliveryKind<R, D>,
    private readonly random: () => number = Math.random,
  ) {}

  async execute(id: string): Promise<DeliveryOutcome> {
    if (typeof id !== 'string' || id.length > 64) return 'skipped';
    const kind = this.kind;
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const lease = new Date(now.getTime() + kind.leaseMs());
    const claimed = await em.nativeUpdate(
      kind.entity,
      { id, ...freeAndDue(now) } as never,
      { leaseUntil: lease, updatedAt: now } as never,
    );
    if (!claimed) {
      await kind.onBusy?.(id, now);
      return 'skipped';
    }
    const row = await kind.load(em, id);
    const fence: Fence = { id: row.id, leaseUntil: lease };
    const refusal = kind.refuseBeforeSending?.(row, now) ?? null;
    if (refusal !== null) {
      await kind.abandon!(em, fence, row, refusal, this.deps.clock.now());
      return 'failed';
    }

    const attempt = kind.attemptsOf(row) + 1;
    const result = await kind.send(em, row, attempt);
    const done = this.deps.clock.now();
    const next = result.ok ? null : nextDeliveryAttempt(kind.retry, row, { attempt, claimedAt: now, done, permanent: result.permanent === true }, this.random);
    const outcome: AttemptOutcome<R, D> = { row, outcome: result.ok ? 'succeeded' : next ? 'retry_scheduled' : 'failed', attempt, result, next, claimedAt: now, done };
    if (!(await kind.record(em, fence, outcome))) {
      this.deps.logger.warn({ [kind.logKey]: row.id, attempt }, `${kind.describe}: el resultado llegó después del vencimiento de la reserva`);
      return 'skipped';
    }
    kind.onRecorded?.(outcome.outcome);
    if (next) await kind.scheduleRetry(row.id, next);
    return outcome.outcome;
  }

  /** Sends due rows whose job was lost or not yet run, for a short while (the sweep, and after each job). */
  drainDue(budget: { maxRows: number; maxMs: number }): Promise<number> {
    return drainDue(this.deps, this.kind.entity, (id) => this.execute(id), budget);
  }
}

/**
 * When a failed attempt is tried again, or null to give up: a permanent failure, the last of
 * `maxAttempts`, a window from the first attempt that has passed (the last retry at its end), or a
 * next attempt at or after the row's deadline give up; otherwise full-jitter exponential back-off —
 * a random wait below min(cap, base × 2^(attempt−1)).
 */
export function nextDeliveryAttempt<R>(
  rules: RetryRules<R>,
  row: R,
  a: { attempt: number; claimedAt: Date; done: Date; permanent: boolean },
  random: () => number,
): Date | null {
  if (a.permanent || (rules.maxAttempts !== undefined && a.attempt >= rules.maxAttempts)) return null;
  const policy = { baseMs: rules.baseMs, capMs: rules.capMs ?? DEFAULT_RETRY_CAP_MS };
  const next = rules.window
    ? nextAttemptAt(rules.window.firstAttemptAt(row, a.claimedAt), a.done, a.attempt, { ...policy, windowMs: rules.window.ms }, random)
    : new Date(a.done.getTime() + Math.max(1, retryDelayMs(a.attempt, policy, random)));
  const deadline = rules.deadline?.(row) ?? null;
  return next && deadline && next >= deadline ? null : next;
}
