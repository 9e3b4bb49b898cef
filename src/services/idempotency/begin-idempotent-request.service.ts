import { IdPrefix, newId } from '../../domain/shared/ids';
import { leaseHolderDead } from '../processes/process-identity';
import { openStoredBody } from './stored-response-body';
import type { ServiceDeps } from '../shared/service-deps';
import { NO_FLUSH_WAIT, preparedSql, statementEm } from '../shared/sql';
import type { CreatedResource } from './idempotency-handle';
import type { IdempotencyScope } from './idempotency-scope';
import type { RunningRequests } from './running-requests';

export type BeginResult =
  /** Run the request; `resumed` lists what an earlier run that died had already created (empty on a first run). */
  | { kind: 'proceed'; recordId: string; resumed: CreatedResource[] }
  | { kind: 'replay'; status: number; body: string; headers: Record<string, string> }
  | { kind: 'mismatch' }
  | { kind: 'in_progress'; retryAfterS: number };

interface Row {
  id: string;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | null;
  owner_lease_id: string | null;
  resources: CreatedResource[];
  locked_at: Date;
  expires_at: Date;
  lease_pid: number | null;
  lease_pid_namespace: string | null;
  lease_process_token: string | null;
  lease_expired: boolean | null;
}

/**
 * Stripe semantics for Idempotency-Key, scoped to account + environment + key. The first request
 * inserts the record (`in_progress`, owned by this process's lease); a unique index decides races,
 * so 50 identical requests at once run the operation exactly once. Later requests replay the stored
 * response, or get a conflict when the body differs or the first is still running. A record whose
 * owner is known dead (process lease gone or expired, or the pid dead on this machine) is taken
 * over at once: the request runs again and each use case answers what the dead run had already
 * created instead of creating it again.
 */
export class BeginIdempotentRequestService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly running: RunningRequests,
  ) {}

  /** On `proceed`, the record is in `running` until the caller deletes it. */
  async execute(scope: IdempotencyScope, hash: string): Promise<BeginResult> {
    const em = statementEm(this.deps.orm);
    const me = this.deps.processLease.id;
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.idempotencyTtlHours * 3_600_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      // Its commit does not wait for the WAL flush: whatever the request then makes durable flushes it too (ADR 0017).
      const id = newId(IdPrefix.idempotency);
      const inserted = await this.whileRunning(id, () =>
        preparedSql<{ id: string }>(
          em,
          `with ${NO_FLUSH_WAIT}
           insert into idempotency_records (id, account_id, environment, key, request_hash, state, owner_lease_id, locked_at, created_at, expires_at)
           select ?, ?, ?, ?, ?, 'in_progress', ?, ?, ?, ? from no_flush_wait
           on conflict (account_id, environment, key) do nothing returning id`,
          [id, scope.accountId, scope.environment, scope.key, hash, me, now, now, expiresAt],
        ),
      );
      if (inserted.length) return { kind: 'proceed', recordId: inserted[0].id, resumed: [] };
      const rows = await preparedSql<Row>(
        em,
        `select r.id, r.request_hash, r.state, r.response_status, r.response_body, r.response_headers, r.owner_lease_id, r.resources,
                r.locked_at, r.expires_at, l.pid as lease_pid, l.pid_namespace as lease_pid_namespace,
                l.process_token as lease_process_token, l.expires_at < now() as lease_expired
           from idempotency_records r left join process_leases l on l.id = r.owner_lease_id
          where r.account_id = ? and r.environment = ? and r.key = ?`,
        [scope.accountId, scope.environment, scope.key],
      );
      const row = rows[0];
      if (!row) continue; // removed meanwhile: try the insert again
      if (new Date(row.expires_at).getTime() <= now.getTime()) {
        // An expired key is free again, for any request.
        const taken = await this.whileRunning(row.id, () =>
          preparedSql<{ id: string }>(
            em,
            `update idempotency_records
                set request_hash = ?, state = 'in_progress', response_status = null, response_body = null, response_headers = null,
                    owner_lease_id = ?, resources = '[]', locked_at = ?, created_at = ?, expires_at = ?
              where id = ? and expires_at = ? returning id`,
            [hash, me, now, now, expiresAt, row.id, row.expires_at],
          ),
        );
        if (taken.length) return { kind: 'proceed', recordId: row.id, resumed: [] };
        continue;
      }
      if (row.request_hash !== hash) return { kind: 'mismatch' };
      if (row.state === 'completed' && row.response_status !== null) {
        return { kind: 'replay', status: row.response_status, body: openStoredBody(this.deps, row.id, row.response_body), headers: row.response_headers ?? {} };
      }
      // This process knows its own runs: a record it owns but does not run is an orphan, resolved at once.
      if (row.owner_lease_id === me ? this.running.has(row.id) : !this.ownerGone(row, now)) return { kind: 'in_progress', retryAfterS: 1 };
      // The run that owned it died: take it over with what it created (the row lock orders this
      // against the dead run's own commit, which can no longer link anything once the owner changed).
      const taken = await this.whileRunning(row.id, () =>
        preparedSql<{ resources: CreatedResource[] }>(
          em,
          `update idempotency_records set owner_lease_id = ?, locked_at = ?
            where id = ? and state = 'in_progress' and owner_lease_id is not distinct from ? returning resources`,
          [me, now, row.id, row.owner_lease_id],
        ),
      );
      if (taken.length) return { kind: 'proceed', recordId: row.id, resumed: taken[0].resources ?? [] };
    }
    return { kind: 'in_progress', retryAfterS: 1 };
  }

  /**
   * Marks the record as run by this process before the statement that claims it (insert or
   * takeover), and unmarks it when the statement claimed nothing or failed.
   */
  private async whileRunning<T extends unknown[]>(recordId: string, claim: () => Promise<T>): Promise<T> {
    const before = this.running.has(recordId);
    this.running.add(recordId);
    try {
      const rows = await claim();
      if (!rows.length && !before) this.running.delete(recordId);
      return rows;
    } catch (err) {
      if (!before) this.running.delete(recordId);
      throw err;
    }
  }

  /**
   * No owner (released after a server error), an owner known dead, or a claim its owner stopped
   * renewing more than one PROCESS_LEASE_TTL_MS ago (its run ended: RenewRunningRequestsService).
   */
  private ownerGone(row: Row, now: Date): boolean {
    if (row.owner_lease_id === null) return true;
    if (now.getTime() - new Date(row.locked_at).getTime() > this.deps.config.processLeaseTtlMs) return true;
    const lease =
      row.lease_pid === null
        ? null
        : { pid: row.lease_pid, pid_namespace: row.lease_pid_namespace, process_token: row.lease_process_token ?? '', expired: row.lease_expired === true };
    return leaseHolderDead(lease);
  }
}
