import { sealStoredBody } from './stored-response-body';
import type { IdempotencyHandle } from './idempotency-handle';
import type { ServiceDeps } from '../shared/service-deps';
import { NO_FLUSH_WAIT, preparedSql, statementEm } from '../shared/sql';
import { GroupedWrites } from '../../persistence/grouped-writes';

interface QueuedResponse {
  recordId: string;
  status: number;
  /** Sealed as stored. */
  body: string;
  headers: string;
}

/**
 * Stores the response of the request for replay, if this process still owns the record. A server
 * error (5xx) is not stored: a record that created nothing is removed so that the client's retry
 * runs the operation again; one that created something is released (no owner), so the retry
 * answers with what was created. Answers false when another process took the record over (this
 * one was judged dead): its answer is the one that counts.
 *
 * Responses are stored by group: those that arrive while a write is on its way go together in the
 * next one statement (as the group commit does for documents), and each request is answered once its
 * own response is stored.
 */
export class CompleteIdempotentRequestService {
  private readonly responses = new GroupedWrites<QueuedResponse, boolean>((_key, group) => this.store(group), 100);

  constructor(private readonly deps: ServiceDeps) {}

  async execute(recordId: string, response: { status: number; body: string; headers: Record<string, string> }): Promise<boolean> {
    const em = statementEm(this.deps.orm);
    const me = this.deps.processLease.id;
    if (response.status >= 500) {
      const removed = await preparedSql(em, `delete from idempotency_records where id = ? and owner_lease_id = ? and resources = '[]' returning id`, [recordId, me]);
      if (removed.length) return true;
      const released = await preparedSql(em, `update idempotency_records set owner_lease_id = null where id = ? and owner_lease_id = ? and state = 'in_progress' returning id`, [recordId, me]);
      return released.length > 0;
    }
    return this.responses.submit('', { recordId, status: response.status, body: sealStoredBody(this.deps, recordId, response.body), headers: JSON.stringify(response.headers) });
  }

  /** One statement for a group of responses; whether each was stored (its record still this process's). */
  private async store(group: QueuedResponse[]): Promise<boolean[]> {
    // Its commit does not wait for the WAL flush: a crash of PostgreSQL that takes it back leaves the
    // records running under this process, resolved as after a crashed process (ADR 0017).
    const rows = await preparedSql<{ id: string }>(
      statementEm(this.deps.orm),
      `with ${NO_FLUSH_WAIT}
       update idempotency_records r set state = 'completed', response_status = c.status, response_body = c.body, response_headers = c.headers::jsonb
         from no_flush_wait, unnest(?::text[], ?::int[], ?::text[], ?::text[]) as c(id, status, body, headers)
        where r.id = c.id and r.owner_lease_id = ? returning r.id`,
      [group.map((q) => q.recordId), group.map((q) => q.status), group.map((q) => q.body), group.map((q) => q.headers), this.deps.processLease.id],
    );
    const stored = new Set(rows.map((r) => r.id));
    return group.map((q) => stored.has(q.recordId));
  }

  /**
   * The record of a request that ran before its record existed and created nothing (a refusal, a dry
   * run): born completed with its response. False when another request holds the key meanwhile.
   */
  async executeNew(handle: IdempotencyHandle, response: { status: number; body: string; headers: Record<string, string> }): Promise<boolean> {
    const r = handle.pending!;
    const born = await preparedSql(
      statementEm(this.deps.orm),
      `with ${NO_FLUSH_WAIT}
       insert into idempotency_records (id, account_id, environment, key, request_hash, state, owner_lease_id, response_status, response_body, response_headers, locked_at, created_at, expires_at)
       select ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?, ? from no_flush_wait
       on conflict (account_id, environment, key) do nothing returning id`,
      [handle.recordId, r.accountId, r.environment, r.key, r.requestHash, handle.ownerLeaseId, response.status, sealStoredBody(this.deps, handle.recordId, response.body), JSON.stringify(response.headers), r.at, r.at, r.expiresAt],
    );
    return born.length > 0;
  }
}
