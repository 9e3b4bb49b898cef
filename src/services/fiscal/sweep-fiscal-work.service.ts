import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { CLOSE_FISCAL_PERIOD_JOB, GENERATE_FISCAL_REPORT_JOB } from './fiscal-report-store';

/** Reports still queued/running and periods still closing this long after they started are presumed lost. */
export const FISCAL_SWEEP_GRACE_MS = 120_000;
const SWEEP_LIMIT = 500;

/** Unique job keys shared by the first enqueue and the sweep, so a job still in the queue is not duplicated. */
export const generateReportJobKey = (reportId: string) => `${GENERATE_FISCAL_REPORT_JOB}:${reportId}`;
export const closePeriodJobKey = (p: { emitterId: string; environment: string; period: string }) => `${CLOSE_FISCAL_PERIOD_JOB}:${p.emitterId}:${p.environment}:${p.period}`;

/**
 * Re-enqueues fiscal work whose job was lost (the process died between the commit and the enqueue,
 * or a worker died mid-job): reports `queued`/`running` created more than 2 minutes ago and periods
 * `closing` for more than 2 minutes. Both jobs are idempotent: generation skips a ready report, the
 * close leaves a period that is no longer `closing` alone.
 */
export class SweepFiscalWorkService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(opts: { graceMs?: number } = {}): Promise<{ reports: number; periods: number }> {
    const em = this.deps.orm.em.fork();
    const before = new Date(this.deps.clock.now().getTime() - (opts.graceMs ?? FISCAL_SWEEP_GRACE_MS));
    const reports = await sql<{ id: string }>(
      em,
      `select id from fiscal_reports where status in ('queued', 'running') and completed_at is null and created_at < ? order by created_at limit ?`,
      [before, SWEEP_LIMIT],
    );
    for (const r of reports) await this.deps.queue.enqueue(GENERATE_FISCAL_REPORT_JOB, { reportId: r.id }, { uniqueKey: generateReportJobKey(r.id) });
    const periods = await sql<{ emitter_id: string; environment: string; period: string; account_id: string }>(
      em,
      `select fp.emitter_id, fp.environment, fp.period, e.account_id from fiscal_periods fp join emitters e on e.id = fp.emitter_id
        where fp.status = 'closing' and fp.updated_at < ? order by fp.updated_at limit ?`,
      [before, SWEEP_LIMIT],
    );
    for (const p of periods) {
      const job = { accountId: p.account_id, emitterId: p.emitter_id, environment: p.environment, period: p.period };
      await this.deps.queue.enqueue(CLOSE_FISCAL_PERIOD_JOB, job, { uniqueKey: closePeriodJobKey(job) });
    }
    return { reports: reports.length, periods: periods.length };
  }
}
