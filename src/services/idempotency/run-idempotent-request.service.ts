import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { BeginIdempotentRequestService } from './begin-idempotent-request.service';
import type { CompleteIdempotentRequestService } from './complete-idempotent-request.service';
import { requestHash } from './idempotency-scope';

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
}

/**
 * The one entry point of Idempotency-Key for every door (REST, GraphQL over HTTP, graphql-ws):
 * begins the record, runs the request with an actor that carries the record (so each use case links
 * what it creates inside its own transaction, or answers what an earlier dead run created), and
 * stores the response. `run` renders the response exactly as the door sends it.
 */
export class RunIdempotentRequestService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly begin: BeginIdempotentRequestService,
    private readonly complete: CompleteIdempotentRequestService,
  ) {}

  async execute(actor: Actor, request: IdempotentRequest, run: (actor: Actor) => Promise<IdempotentResponse>): Promise<IdempotentOutcome> {
    const scope = { accountId: actor.accountId, environment: actor.environment, key: request.key };
    const begun = await this.begin.execute(scope, requestHash(request.fingerprint));
    if (begun.kind === 'mismatch' || begun.kind === 'in_progress') return begun;
    if (begun.kind === 'replay') return { kind: 'response', response: { status: begun.status, body: begun.body, headers: begun.headers }, replayed: true };
    const handle = { recordId: begun.recordId, ownerLeaseId: this.deps.processLease.id, resumed: begun.resumed, cursor: 0 };
    let response: IdempotentResponse;
    try {
      response = await run({ ...actor, idempotency: handle });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'idempotency_request_in_progress') return { kind: 'in_progress', retryAfterS: 1 };
      await this.complete.execute(begun.recordId, { status: 500, body: '', headers: {} });
      throw err;
    }
    // Taken over meanwhile (this process was judged dead): the new owner's answer is the one stored.
    if (!(await this.complete.execute(begun.recordId, response))) return { kind: 'in_progress', retryAfterS: 1 };
    return { kind: 'response', response, replayed: false };
  }
}
