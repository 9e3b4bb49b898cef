import type { ServiceDeps } from '../shared/service-deps';
import { NO_FLUSH_WAIT, preparedSql, statementEm } from '../shared/sql';
import type { RunningRequests } from './running-requests';

/**
 * Renews the claim (`locked_at`) of every Idempotency-Key record this process is running a request
 * for, at each lease renewal: a record whose claim is older than one PROCESS_LEASE_TTL_MS is then
 * known to run nowhere — its run ended without storing or releasing it (the database failed both,
 * or a failover took the stored response back) — and a retry in any process takes it over
 * (BeginIdempotentRequestService), not only in its owner.
 */
export class RenewRunningRequestsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly running: RunningRequests,
  ) {}

  async execute(): Promise<number> {
    const ids = this.running.list();
    if (!ids.length) return 0;
    // Losing one renewal to a crash of PostgreSQL costs nothing: the next one writes it again.
    const rows = await preparedSql<{ id: string }>(
      statementEm(this.deps.orm),
      `with ${NO_FLUSH_WAIT}
       update idempotency_records set locked_at = ? from no_flush_wait
        where id = any(?::text[]) and owner_lease_id = ? and state = 'in_progress' returning id`,
      [this.deps.clock.now(), ids, this.deps.processLease.id],
    );
    return rows.length;
  }
}
