import type { ServiceDeps } from '../shared/service-deps';
import { sql, statementEm } from '../shared/sql';

/** The state an operator graphs, read from the database (the same on every process). */
export interface OperationsSnapshot {
  documents: { status: string; type: string; environment: string; n: number }[];
  jobs: { name: string; waiting: number; running: number; failed: number; oldestWaitingS: number }[];
  openContingencies: { environment: string; n: number }[];
  webhookDeliveries: { status: string; n: number }[];
  emailsPending: { kind: 'document' | 'account'; n: number }[];
  certificates: { emitterId: string; environment: string; expiryDays: number }[];
}

const TTL_MS = 15_000;

/**
 * Reads the operations snapshot at most every 15 s per process, however often /metrics is scraped:
 * the documents count is a grouped scan of the documents table (about 0.2 s at a million rows).
 * Agenda's table exists once a worker has started; before that the jobs are empty.
 */
export class ReadOperationsSnapshotService {
  private cached: { at: number; value: Promise<OperationsSnapshot> } | null = null;

  constructor(private readonly deps: ServiceDeps) {}

  execute(): Promise<OperationsSnapshot> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < TTL_MS) return this.cached.value;
    const value = this.read();
    this.cached = { at: now, value };
    value.catch(() => {
      if (this.cached?.value === value) this.cached = null;
    });
    return value;
  }

  private async read(): Promise<OperationsSnapshot> {
    const em = statementEm(this.deps.orm);
    const [documents, openContingencies, webhookDeliveries, emails, certificates, jobs] = await Promise.all([
      this.deps.documents.countsByStatusAndType(),
      this.deps.contingencies.openCounts(em),
      sql<{ status: string; n: number }>(em, `select status, count(*)::int as n from webhook_deliveries where status <> 'delivered' group by 1`),
      sql<{ kind: 'document' | 'account'; n: number }>(
        em,
        `select 'document' as kind, count(*)::int as n from document_emails where status = 'pending'
         union all select 'account', count(*)::int from account_emails where status = 'pending'`,
      ),
      sql<{ emitter_id: string; environment: string; days: number }>(
        em,
        `select emitter_id, environment, floor(extract(epoch from (certificate_valid_until - now())) / 86400)::int as days
           from emitter_credentials where certificate_valid_until is not null`,
      ),
      this.jobs(),
    ]);
    return {
      documents,
      openContingencies,
      webhookDeliveries,
      emailsPending: emails,
      certificates: certificates.map((c) => ({ emitterId: c.emitter_id, environment: c.environment, expiryDays: c.days })),
      jobs,
    };
  }

  private async jobs(): Promise<OperationsSnapshot['jobs']> {
    const em = statementEm(this.deps.orm);
    const [exists] = await sql<{ t: string | null }>(em, `select to_regclass('agenda_jobs')::text as t`);
    if (!exists?.t) return [];
    const lockLifetimeS = this.deps.config.jobLockLifetimeMs / 1000;
    const rows = await sql<{ name: string; waiting: number; running: number; failed: number; oldest_s: number | null }>(
      em,
      `select name,
              (count(*) filter (where next_run_at <= now() and locked_at is null and not coalesce(disabled, false)))::int as waiting,
              (count(*) filter (where locked_at is not null and locked_at > now() - make_interval(secs => ?)))::int as running,
              (count(*) filter (where failed_at is not null and (last_finished_at is null or failed_at >= last_finished_at)))::int as failed,
              extract(epoch from now() - min(next_run_at) filter (where next_run_at <= now() and locked_at is null and not coalesce(disabled, false)))::float8 as oldest_s
         from agenda_jobs group by name`,
      [lockLifetimeS],
    );
    return rows.map((r) => ({ name: r.name, waiting: r.waiting, running: r.running, failed: r.failed, oldestWaitingS: Math.max(0, r.oldest_s ?? 0) }));
  }
}
