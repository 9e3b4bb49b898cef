import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { FISCAL_LEASE_MS } from './fiscal-work-lease';

/** Work never started (queued report, closing period without a lease) this long is presumed to have lost its job. */
export const FISCAL_SWEEP_GRACE_MS = FISCAL_LEASE_MS;
const SWEEP_LIMIT = 500;


/**
 * Re-enqueues fiscal work whose job was lost: reports still `queued` 2 minutes after their creation
 * and periods `closing` for 2 minutes without a close run (the process died between the commit and
 * the enqueue), and reports and closes whose run's lease expired (the worker died mid-job: a live run
 * renews its lease between steps, so slow work is never run twice). Both jobs are idempotent:
 * generation skips a ready report or one whose lease is held, the close likewise.
 */
export class SweepFiscalWorkService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(opts: { graceMs?: number } = {}): Promise<{ reports: number; periods: number }> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const before = new Date(now.getTime() - (opts.graceMs ?? FISCAL_SWEEP_GRACE_MS));
    const reports = await sql<{ id: string }>(
      em,
      `select id from fiscal_reports
        where status in ('queued', 'running') and completed_at is null and created_at < ?
          and (status = 'queued' or lease_until < ? or lease_until is null)
        order by created_at limit ?`,
      [before, now, SWEEP_LIMIT],
    );
    for (const r of reports) await this.deps.queue.enqueue('generate-fiscal-report', { reportId: r.id });
    const periods = await sql<{ emitter_id: string; environment: string; period: string; account_id: string }>(
      em,
      `select fp.emitter_id, fp.environment, fp.period, e.account_id from fiscal_periods fp join emitters e on e.id = fp.emitter_id
        where fp.status = 'closing' and (fp.close_lease_until < ? or (fp.close_lease_until is null and fp.updated_at < ?))
        order by fp.updated_at limit ?`,
      [now, before, SWEEP_LIMIT],
    );
    for (const p of periods) {
      const job = { accountId: p.account_id, emitterId: p.emitter_id, environment: p.environment, period: p.period };
      await this.deps.queue.enqueue('close-fiscal-period', job);
    }
    return { reports: reports.length, periods: periods.length };
  }
}
