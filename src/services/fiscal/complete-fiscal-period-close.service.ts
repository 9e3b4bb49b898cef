import type { EntityManager } from '@mikro-orm/core';
import { REPORT_TYPE_NAMES,reportTypeInfo,defaultReportParams } from '../../domain/fiscal';
import { IdPrefix,newId } from '../../domain/shared/ids';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { claimPeriodClose,FiscalLeaseLostError,renewPeriodClose } from './fiscal-work-lease';
import { currentInputHash,readPeriod } from './fiscal-report-store';
import type { GenerateFiscalReportService } from './generate-fiscal-report.service';


/**
 * The close job: generates every report type of the period (default params), stores a snapshot per
 * type with the hash of its files, then marks the period closed (keeping its version) and writes
 * `fiscal.period.closed`. Safe to run twice: a period no longer `closing` is left alone, snapshots are
 * upserted, and a close another live run is doing (it holds the period's lease, renewed after every
 * report) is left to it.
 */
export class CompleteFiscalPeriodCloseService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly reports: GenerateFiscalReportService,
  ) {}

  async execute(job: { accountId: string; emitterId: string; environment: string; period: string }, touch?: () => Promise<void>): Promise<void> {
    const em = this.deps.orm.em.fork();
    const token = await claimPeriodClose(em, job, this.deps.clock.now());
    if (!token) return;
    try {
      await this.close(em, job, token, touch);
    } catch (err) {
      if (!(err instanceof FiscalLeaseLostError)) throw err;
      this.deps.logger.warn({ emitter_id: job.emitterId, period: job.period }, err.message);
    }
  }

  private async close(em: EntityManager, job: { accountId: string; emitterId: string; environment: string; period: string }, token: string, touch?: () => Promise<void>): Promise<void> {
    const heartbeat = async () => {
      await touch?.();
      await renewPeriodClose(em, job, token, this.deps.clock.now());
    };
    const state = await readPeriod(em, job.emitterId, job.environment, job.period);
    const snapshots: { type: string; report_id: string; content_hash: string; files: { format: string; sha256: string }[] }[] = [];
    for (const type of REPORT_TYPE_NAMES) {
      const params = defaultReportParams(type) as Record<string, unknown>;
      const now = this.deps.clock.now();
      const id = newId(IdPrefix.fiscalReport, now.getTime());
      const inputHash = await currentInputHash(em, this.deps.documents, job, type, params);
      await sql(
        em,
        `insert into fiscal_reports (id, account_id, environment, emitter_id, period, type, params, status, input_hash, rules_version, period_version, created_at)
         values (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
        [id, job.accountId, job.environment, job.emitterId, job.period, type, JSON.stringify(params), inputHash, reportTypeInfo(type).rulesVersion, state.version, now],
      );
      const done = await this.reports.execute(id, heartbeat, { emitEvent: false });
      if (done.status !== 'ready' || !done.contentHash) throw new Error(`el reporte ${type} del cierre falló`);
      const files = await sql<{ format: string; sha256: string }>(em, 'select format, sha256 from fiscal_report_files where report_id = ? order by format', [id]);
      snapshots.push({ type, report_id: id, content_hash: done.contentHash, files });
      await heartbeat();
    }
    const at = this.deps.clock.now();
    await em.transactional(async (tx) => {
      // Still ours? This also locks the period row until the snapshots and the close are written.
      await renewPeriodClose(tx, job, token, at);
      for (const s of snapshots) {
        await sql(
          tx,
          `insert into fiscal_period_snapshots (emitter_id, environment, period, version, type, report_id, content_hash, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)
           on conflict (emitter_id, environment, period, version, type) do update set report_id = excluded.report_id, content_hash = excluded.content_hash, created_at = excluded.created_at`,
          [job.emitterId, job.environment, job.period, state.version, s.type, s.report_id, s.content_hash, at],
        );
      }
      const closed = await sql(
        tx,
        `update fiscal_periods set status = 'closed', closed_at = ?, drift = false, drift_details = '[]'::jsonb, updated_at = ?, close_lease_until = null
          where emitter_id = ? and environment = ? and period = ? and status = 'closing' and close_lease_token = ? returning period`,
        [at, at, job.emitterId, job.environment, job.period, token],
      );
      if (!closed.length) return;
      await insertOutboxEvent(tx, {
        accountId: job.accountId, environment: job.environment, type: 'fiscal.period.closed', subjectId: job.emitterId,
        data: { object: 'period', emitter_id: job.emitterId, period: job.period, status: 'closed', version: state.version, closed_at: at.toISOString(), drift: false, snapshots },
        at,
      });
    });
    this.deps.outbox.kick();
  }
}
