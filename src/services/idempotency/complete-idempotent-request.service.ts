import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';

/**
 * Stores the response of the first request for replay. A server error (5xx) is not stored: the
 * record is removed so that the client's retry with the same key runs the operation again.
 */
export class CompleteIdempotentRequestService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(recordId: string, response: { status: number; body: string; headers: Record<string, string> }): Promise<void> {
    const em = this.deps.orm.em.fork();
    if (response.status >= 500) {
      await preparedSql(em, 'delete from idempotency_records where id = ?', [recordId]);
      return;
    }
    await preparedSql(
      em,
      `update idempotency_records set state = 'completed', response_status = ?, response_body = ?, response_headers = ? where id = ?`,
      [response.status, response.body, JSON.stringify(response.headers), recordId],
    );
  }
}
