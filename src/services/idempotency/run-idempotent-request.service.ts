import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { BeginIdempotentRequestService } from './begin-idempotent-request.service';
import type { CompleteIdempotentRequestService } from './complete-idempotent-request.service';
import { IdempotencyRecordExists, type IdempotencyHandle } from './idempotency-handle';
import { requestHash } from './idempotency-scope';
import type { RunningRequests } from './running-requests';

/** A response as a door sends it, stored for replay. */
export interface IdempotentResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export type IdempotentOutcome =
  | { kind: 'response'; response: IdempotentResponse; replayed: boolean }
  /** The key was used with another request (409 idempotency_key_reused). */
  | { kind: 'mismatch' }
  /** The first request still runs in a live process (409 idempotency_request_in_progress + Retry-After). */
  | { kind: 'in_progress'; retryAfterS: number };

/** What identifies one request under its key: the doors pass the parts they fingerprint. */
export interface IdempotentRequest {
  key: string;
  /** Method, path and body (REST) or query, operation name and variables (GraphQL), hashed in order. */
  fingerprint: unknown[];
  /**
   * The use case links everything it creates in its creating commit, so that commit may write the
   * record itself (ADR 0020, "the record in the creating commit"): no statement of its own before the
   * request runs. Issuance only.
   */
  recordInCommit?: boolean;
}

/**
 * The one entry point of Idempotency-Key for every door (REST, GraphQL over HTTP, graphql-ws):
 * begins the record, runs the request with an actor that carries the record (so each use case links
 * what it creates inside its own transaction, or answers what an earlier dead run created), and
 * stores the response. `run` renders the response exactly as the door sends it.
 */
export class RunIdempotentRequestService {
  /**
   * Responses answered before they were stored (issuance, whose record lists the document from its
   * commit on), by key scope: a request of the same key in this process waits for the store instead
   * of answering 409 in progress.
   */
  private readonly storing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly begin: BeginIdempotentRequestService,
    private readonly complete: CompleteIdempotentRequestService,
    private readonly running: RunningRequests,
  ) {}

  async execute(actor: Actor, request: IdempotentRequest, run: (actor: Actor) => Promise<IdempotentResponse>): Promise<IdempotentOutcome> {
    const scope = { accountId: actor.accountId, environment: actor.environment, key: request.key };
    const hash = requestHash(request.fingerprint);
    await this.storing.get(scopeKey(scope));
    if (request.recordInCommit) {
      const first = await this.runWithRecordInCommit(actor, scope, hash, run);
      if (first) return first;
      // Another request holds the key: resolved as any request is, below.
    }
    const begun = await this.begin.execute(scope, hash);
    if (begun.kind === 'mismatch' || begun.kind === 'in_progress') return begun;
    if (begun.kind === 'replay') return { kind: 'response', response: { status: begun.status, body: begun.body, headers: begun.headers }, replayed: true };
    // Begun: the record is in `running` until this run has stored or released it (or failed to).
    try {
      const handle: IdempotencyHandle = { recordId: begun.recordId, key: request.key, ownerLeaseId: this.deps.processLease.id, resumed: begun.resumed, cursor: 0, pending: null };
      let response: IdempotentResponse;
      try {
        response = await run({ ...actor, idempotency: handle });
      } catch (err) {
        if (err instanceof DomainError && err.code === 'idempotency_request_in_progress') return { kind: 'in_progress', retryAfterS: 1 };
        await this.release(begun.recordId);
        throw err;
      }
      // Taken over meanwhile (this process was judged dead): the new owner's answer is the one stored.
      if (!(await this.complete.execute(begun.recordId, response))) return { kind: 'in_progress', retryAfterS: 1 };
      return { kind: 'response', response, replayed: false };
    } finally {
      this.running.delete(begun.recordId);
    }
  }

  /**
   * After a server error: removes or releases the record (see CompleteIdempotentRequestService). If
   * even that fails (the database is gone), the record stays this process's, not running: an orphan
   * the next request of its key takes over at once (RunningRequests). The run's own error is the one
   * the caller gets.
   */
  private async release(recordId: string): Promise<void> {
    await this.complete.execute(recordId, { status: 500, body: '', headers: {} }).catch((err: unknown) => {
      this.deps.logger.warn({ err, recordId }, 'no se pudo liberar el registro de una solicitud idempotente; la siguiente solicitud con la llave lo retoma');
    });
  }

  /**
   * Answers a response whose record already lists what the request created (written by its creating
   * commit) and stores it after: the store's statement is off the answer's path. Until it is stored,
   * a retry in this process waits for it, one in another process gets 409 in progress with
   * Retry-After (as while any request runs); if this process dies first, the record's owner is dead
   * and the retry answers from the listed document (ADR 0020). A failed store releases the record
   * the same way, so the retry is never refused for good. Another process that took the record over
   * meanwhile answers the same document from the same record.
   */
  private answerThenStore(scope: { accountId: string; environment: string; key: string }, recordId: string, response: IdempotentResponse): IdempotentOutcome {
    const key = scopeKey(scope);
    const stored = this.complete
      .execute(recordId, response)
      .catch(() => this.complete.execute(recordId, { status: 500, body: '', headers: {} }))
      .catch((err: unknown) => this.deps.logger.warn({ err, recordId }, 'no se pudo guardar ni liberar la respuesta de una solicitud idempotente'))
      .finally(() => {
        this.running.delete(recordId);
        if (this.storing.get(key) === stored) this.storing.delete(key);
      });
    this.storing.set(key, stored);
    return { kind: 'response', response, replayed: false };
  }

  /** Resolves once every response answered before it was stored is stored (the app's shutdown waits for it). */
  async settled(): Promise<void> {
    while (this.storing.size) await Promise.all([...this.storing.values()]);
  }

  /**
   * Runs the request before its record exists: the commit that creates its resource writes the record
   * too (owned by this process, listing the resource), and the response then completes it; a request
   * that created nothing (a refusal, a dry run) writes its record, completed, with its response. Null
   * when another request turned out to hold the key — at that commit (refused, nothing created) or at
   * the final write — so the caller resolves the key as usual.
   */
  private async runWithRecordInCommit(actor: Actor, scope: { accountId: string; environment: string; key: string }, hash: string, run: (actor: Actor) => Promise<IdempotentResponse>): Promise<IdempotentOutcome | null> {
    const now = this.deps.clock.now();
    const handle: IdempotencyHandle = {
      recordId: newId(IdPrefix.idempotency, now.getTime()),
      key: scope.key,
      ownerLeaseId: this.deps.processLease.id,
      resumed: [],
      cursor: 0,
      pending: { ...scope, requestHash: hash, at: now, expiresAt: new Date(now.getTime() + this.deps.config.idempotencyTtlHours * 3_600_000) },
    };
    // Running from before its commit may write the record; answerThenStore unmarks it once stored.
    this.running.add(handle.recordId);
    let handedOver = false;
    try {
      let response: IdempotentResponse;
      try {
        response = await run({ ...actor, idempotency: handle });
      } catch (err) {
        if (err instanceof IdempotencyRecordExists) return null;
        if (err instanceof DomainError && err.code === 'idempotency_request_in_progress') return { kind: 'in_progress', retryAfterS: 1 };
        // A record written by the run's commit is released or removed as after any server error; none written, nothing to do.
        if (!handle.pending) await this.release(handle.recordId);
        throw err;
      }
      if (!handle.pending) {
        handedOver = true;
        return this.answerThenStore(scope, handle.recordId, response);
      }
      // Nothing was created: the record is born completed, unless another request took the key meanwhile.
      if (response.status >= 500) return { kind: 'response', response, replayed: false };
      if (!(await this.complete.executeNew(handle, response))) return null;
      return { kind: 'response', response, replayed: false };
    } finally {
      if (!handedOver) this.running.delete(handle.recordId);
    }
  }
}

function scopeKey(scope: { accountId: string; environment: string; key: string }): string {
  return `${scope.accountId}\u0000${scope.environment}\u0000${scope.key}`;
}
