import type { ServiceDeps } from '../shared/service-deps';

/** Removes idempotency records past their 24 h (IDEMPOTENCY_TTL_HOURS) lifetime, in batches. */
export class CleanupIdempotencyRecordsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<{ removed: number }> {
    const conn = this.deps.orm.em.getConnection();
    let removed = 0;
    for (;;) {
      const rows = await conn.execute<{ id: string }[]>(
        `delete from idempotency_records where id in (
           select id from idempotency_records where expires_at <= ? limit 5000
         ) returning id`,
        [this.deps.clock.now()],
      );
      removed += rows.length;
      if (rows.length < 5000) return { removed };
    }
  }
}
