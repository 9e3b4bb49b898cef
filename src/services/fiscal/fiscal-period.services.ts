import type { EntityManager } from '@mikro-orm/core';
import { REPORT_TYPE_NAMES, reportTypeInfo, defaultReportParams } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import { insertOutboxEvent } from '../shared/outbox';
import { recordAudit } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { claimPeriodClose, FiscalLeaseLostError, renewPeriodClose } from './fiscal-work-lease';
import { currentInputHash, parsePeriod, readPeriod, type PeriodView } from './fiscal-report-store';
import type { GenerateFiscalReportService } from './generate-fiscal-report.service';
import { DOCUMENT_ISSUE_PERIODS_SQL } from '../../persistence/documents/document-queries';

/**
 * A close or reopen links the period to the request's Idempotency-Key record in the commit that
 * changes it, so a retry of a request whose process died answers the period as it is now instead of
 * 409 (already closed / not closed) for a change that did happen.
 */
const PERIOD_CLOSE = 'fiscal_period_close';
const PERIOD_REOPEN = 'fiscal_period_reopen';
const periodResourceId = (emitterId: string, environment: string, period: string) => `${emitterId}/${environment}/${period}`;

/** Periods of an emitter that have issued documents, fiscal records or a status row; newest first. */
export class ListFiscalPeriodsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string): Promise<PeriodView[]> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    const rows = await sql<{ period: string; status: PeriodView['status'] | null; version: number | null; closed_at: Date | null; drift: boolean | null }>(
      em,
      `with p as (
         ${DOCUMENT_ISSUE_PERIODS_SQL}
         union select distinct period from fiscal_records where emitter_id = ? and environment = ? and deleted_at is null
         union select period from fiscal_periods where emitter_id = ? and environment = ?)
       select p.period, fp.status, fp.version, fp.closed_at, fp.drift
         from p left join fiscal_periods fp on fp.emitter_id = ? and fp.environment = ? and fp.period = p.period
        order by p.period desc`,
      [emitter.id, actor.environment, emitter.id, actor.environment, emitter.id, actor.environment, emitter.id, actor.environment],
    );
    return rows.map((r) => ({
      emitterId: emitter.id,
      period: r.period,
      status: r.status ?? 'open',
      version: Number(r.version ?? 1),
      closedAt: r.closed_at ? new Date(r.closed_at) : null,
      drift: r.drift ?? false,
    }));
  }
}

/** Starts closing a period: status `closing`; the `close-fiscal-period` job generates every report and closes it. */
export class CloseFiscalPeriodService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, period: string): Promise<PeriodView> {
    parsePeriod(period);
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (resumedResource(actor, PERIOD_CLOSE)) return readPeriod(em, emitter.id, actor.environment, period);
    const now = this.deps.clock.now();
    const rows = await em.transactional(async (tx) => {
      const changed = await sql<{ status: string }>(
        tx,
        `insert into fiscal_periods (emitter_id, environment, period, status, version, updated_at) values (?, ?, ?, 'closing', 1, ?)
         on conflict (emitter_id, environment, period) do update set status = 'closing', updated_at = excluded.updated_at where fiscal_periods.status = 'open'
         returning status`,
        [emitter.id, actor.environment, period, now],
      );
      if (changed.length) {
        await linkCreatedResource(tx, actor, PERIOD_CLOSE, periodResourceId(emitter.id, actor.environment, period));
        // Who asked for the close, when and from where (the job that finishes it acts for them).
        await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'fiscal.period.closed', target: { type: 'emitter', id: emitter.id }, details: { period, environment: actor.environment } });
      }
      return changed;
    });
    if (!rows.length) {
      const state = await readPeriod(em, emitter.id, actor.environment, period);
      if (state.status === 'closed') throw DomainError.field('period_already_closed', 'period', `El período ${period} ya está cerrado (versión ${state.version}); reábralo para volver a cerrarlo.`);
      return state; // already closing
    }
    const job = { accountId: actor.accountId, emitterId: emitter.id, environment: actor.environment, period };
    await this.deps.queue.enqueue('close-fiscal-period', job);
    return readPeriod(em, emitter.id, actor.environment, period);
  }
}

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

/** Reopens a closed period (scope `fiscal:close`, a reason): status open, version + 1; earlier snapshots stay. */
export class ReopenFiscalPeriodService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, period: string, input: { reason?: unknown }): Promise<PeriodView> {
    parsePeriod(period);
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason) throw DomainError.field('required', 'reason', 'Indique el motivo de la reapertura.');
    if (reason.length > 1000) throw DomainError.field('out_of_range', 'reason', 'El motivo admite hasta 1000 caracteres.');
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (resumedResource(actor, PERIOD_REOPEN)) return readPeriod(em, emitter.id, actor.environment, period);
    const now = this.deps.clock.now();
    const rows = await em.transactional(async (tx) => {
      const changed = await sql(
        tx,
        `update fiscal_periods set status = 'open', version = version + 1, reopened_at = ?, reopen_reason = ?, drift = false, drift_details = '[]'::jsonb, updated_at = ?
          where emitter_id = ? and environment = ? and period = ? and status = 'closed' returning period`,
        [now, reason, now, emitter.id, actor.environment, period],
      );
      if (changed.length) {
        await linkCreatedResource(tx, actor, PERIOD_REOPEN, periodResourceId(emitter.id, actor.environment, period));
        await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'fiscal.period.reopened', target: { type: 'emitter', id: emitter.id }, details: { period, environment: actor.environment, reason } });
      }
      return changed;
    });
    if (!rows.length) throw DomainError.field('period_not_closed', 'period', `El período ${period} no está cerrado.`);
    return readPeriod(em, emitter.id, actor.environment, period);
  }
}
