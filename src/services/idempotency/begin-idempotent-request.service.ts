import { IdPrefix, newId } from '../../domain/shared/ids';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import { STALE_LOCK_MS, type IdempotencyScope } from './idempotency-scope';

export type BeginResult =
  | { kind: 'proceed'; recordId: string }
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
  locked_at: Date;
  expires_at: Date;
}

/**
 * Stripe semantics for Idempotency-Key, scoped to account + environment + key. The first request
 * inserts the record (`in_progress`); a unique index decides races, so 50 identical requests at
 * once run the operation exactly once. Later requests replay the stored response, or get a
 * conflict when the body differs or the first is still running.
 */
export class BeginIdempotentRequestService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(scope: IdempotencyScope, hash: string): Promise<BeginResult> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.idempotencyTtlHours * 3_600_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await preparedSql<{ id: string }>(
        em,
        `insert into idempotency_records (id, account_id, environment, key, request_hash, state, locked_at, created_at, expires_at)
         values (?, ?, ?, ?, ?, 'in_progress', ?, ?, ?)
         on conflict (account_id, environment, key) do nothing returning id`,
        [newId(IdPrefix.idempotency), scope.accountId, scope.environment, scope.key, hash, now, now, expiresAt],
      );
      if (inserted.length) return { kind: 'proceed', recordId: inserted[0].id };
      const rows = await preparedSql<Row>(
        em,
        `select id, request_hash, state, response_status, response_body, response_headers, locked_at, expires_at
           from idempotency_records where account_id = ? and environment = ? and key = ?`,
        [scope.accountId, scope.environment, scope.key],
      );
      const row = rows[0];
      if (!row) continue; // removed meanwhile: try the insert again
      const expired = new Date(row.expires_at).getTime() <= now.getTime();
      const stale = row.state === 'in_progress' && now.getTime() - new Date(row.locked_at).getTime() > STALE_LOCK_MS;
      if (expired || (stale && row.request_hash === hash)) {
        const taken = await preparedSql<{ id: string }>(
          em,
          `update idempotency_records
              set request_hash = ?, state = 'in_progress', response_status = null, response_body = null,
                  response_headers = null, locked_at = ?, created_at = ?, expires_at = ?
            where id = ? and locked_at = ? returning id`,
          [hash, now, now, expiresAt, row.id, row.locked_at],
        );
        if (taken.length) return { kind: 'proceed', recordId: row.id };
        continue;
      }
      if (row.request_hash !== hash) return { kind: 'mismatch' };
      if (row.state === 'completed' && row.response_status !== null) {
        return { kind: 'replay', status: row.response_status, body: row.response_body ?? '', headers: row.response_headers ?? {} };
      }
      return { kind: 'in_progress', retryAfterS: 1 };
    }
    return { kind: 'in_progress', retryAfterS: 1 };
  }
}
