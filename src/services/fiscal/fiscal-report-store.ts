/**
 * Storage of fiscal reports shared by the report, period-close and embed use cases: lookups scoped to
 * the caller, generation of one report (rows, files, totals) and the period resource.
 */
import type { BookPdfRenderer } from '../ports/book-pdf-renderer.port';
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import {
  computeInputHash, generateReport, isReportType, isValidPeriod, reportFileName, reportInputRows, reportTypeInfo, writeReportCsv,
  bookSummary, type FiscalReport, type ReportFormat, type ReportType,
} from '../../domain/fiscal';
import { writeBookXlsx } from '../../integrations/fiscal-xlsx/book-xlsx.writer';
import { DomainError } from '../../domain/shared/domain-error';
import { fiscalReportFailedEventData, fiscalReportReadyEventData } from '../../domain/webhooks/fiscal-report-event';
import { FiscalReportEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { claimReport, FiscalLeaseLostError, renewReport } from './fiscal-work-lease';
import { loadLedger } from './load-ledger';
import type { DocumentQueries } from '../../persistence/documents/document-queries';

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export interface PeriodView {
  emitterId: string;
  period: string;
  status: 'open' | 'closing' | 'closed';
  version: number;
  closedAt: Date | null;
  drift: boolean;
}

/** A report of the caller's account and environment (and of that emitter), or null. */
export async function findOwnReport(em: EntityManager, actor: Actor, emitterId: string | null, id: string): Promise<FiscalReportEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  const where: Record<string, unknown> = { id, accountId: actor.accountId, environment: actor.environment };
  if (emitterId !== null) where.emitterId = emitterId;
  if (actor.onlyEmitterIds && emitterId !== null && !actor.onlyEmitterIds.includes(emitterId)) return null;
  if (actor.onlyEmitterIds) where.emitterId = { $in: [...actor.onlyEmitterIds] };
  return em.findOne(FiscalReportEntity, where);
}

export async function loadOwnReport(em: EntityManager, actor: Actor, emitterId: string | null, id: string): Promise<FiscalReportEntity> {
  const r = await findOwnReport(em, actor, emitterId, id);
  if (!r) throw DomainError.notFound('un reporte fiscal', 'reportId');
  return r;
}

export function parseReportType(type: unknown): ReportType {
  if (typeof type !== 'string' || !isReportType(type)) {
    throw DomainError.field('invalid_value', 'type', 'Tipo de reporte desconocido; consulte GET /v1/emitters/{id}/fiscal/report-types.');
  }
  return type;
}

/** A period named by the caller (`AAAA-MM`), or the field refusal. */
export function parsePeriod(period: unknown): string {
  if (typeof period !== 'string' || !isValidPeriod(period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM (por ejemplo 2026-03).');
  return period;
}

export async function readPeriod(em: EntityManager, emitterId: string, environment: string, period: string): Promise<PeriodView> {
  const rows = await sql<{ status: PeriodView['status']; version: number; closed_at: Date | null; drift: boolean }>(
    em,
    'select status, version, closed_at, drift from fiscal_periods where emitter_id = ? and environment = ? and period = ?',
    [emitterId, environment, period],
  );
  const r = rows[0];
  return r
    ? { emitterId, period, status: r.status, version: Number(r.version), closedAt: r.closed_at ? new Date(r.closed_at) : null, drift: r.drift }
    : { emitterId, period, status: 'open', version: 1, closedAt: null, drift: false };
}

/** The status of each of `periods` in one statement (a period without a row is open, as readPeriod says). */
export async function readPeriodStatuses(em: EntityManager, emitterId: string, environment: string, periods: string[]): Promise<Map<string, PeriodView['status']>> {
  const rows = periods.length
    ? await sql<{ period: string; status: PeriodView['status'] }>(em, 'select period, status from fiscal_periods where emitter_id = ? and environment = ? and period = any(?::text[])', [emitterId, environment, periods])
    : [];
  const statuses = new Map(rows.map((r) => [r.period, r.status]));
  return new Map(periods.map((p) => [p, statuses.get(p) ?? 'open']));
}

/** `input_hash` of a report type over the current ledger of the period. */
export async function currentInputHash(em: EntityManager, store: DocumentQueries, q: { emitterId: string; environment: string; period: string }, type: ReportType, params: unknown): Promise<string> {
  const ledger = await loadLedger(em, store, q);
  const rows = reportInputRows({ period: q.period, documents: ledger.documents, records: ledger.records });
  return computeInputHash(rows, reportTypeInfo(type).rulesVersion, params);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The files of a report: CSV, and for books XLSX and PDF (drawn by `bookPdf`). */
async function reportFiles(
  bookPdf: BookPdfRenderer,
  type: ReportType,
  report: FiscalReport,
  params: unknown,
  header: { taxpayerName: string; nrc: string; nit: string | null; period: string },
  heartbeat: () => Promise<void>,
) {
  const info = reportTypeInfo(type);
  const files: { format: ReportFormat; content: Buffer }[] = [{ format: 'csv', content: writeReportCsv(type, report, params as never) }];
  if (info.kind === 'book') {
    const bookHeader = { title: info.name, ...header, summary: bookSummary(type, report.totals) };
    await heartbeat();
    files.push({ format: 'xlsx', content: await writeBookXlsx(report, bookHeader) });
    await heartbeat();
    files.push({ format: 'pdf', content: await bookPdf.render(report, bookHeader) });
  }
  return files;
}

/**
 * Generates a queued (or failed-before-finishing) report: reads the ledger, runs the generator, stores
 * rows and files, and marks it ready with `fiscal.report.ready` — or failed with `fiscal.report.failed`.
 * Safe to run twice: a ready report is left as it is, and a report another live run is generating
 * (it holds the lease, renewed between steps) is left to it — the answer is then `running`. A run
 * that lost its lease writes nothing. Returns the content hash (SHA-256 over its files) when ready.
 */
export async function generateStoredReport(
  deps: ServiceDeps,
  bookPdf: BookPdfRenderer,
  reportId: string,
  opts: { touch?: () => Promise<void>; emitEvent?: boolean } = {},
): Promise<{ status: string; contentHash: string | null }> {
  const em = deps.orm.em.fork();
  const token = await claimReport(em, reportId, deps.clock.now());
  const report = await em.findOne(FiscalReportEntity, { id: reportId });
  if (!report) return { status: 'missing', contentHash: null };
  if (!token) return { status: report.status, contentHash: report.status === 'ready' ? await contentHashOf(em, reportId) : null };
  const emitEvent = opts.emitEvent !== false;
  const heartbeat = async () => {
    await opts.touch?.();
    await renewReport(em, reportId, token, deps.clock.now());
  };
  try {
    const type = parseReportType(report.type);
    const q = { emitterId: report.emitterId, environment: report.environment, period: report.period };
    const ledger = await loadLedger(em, deps.documents, q);
    await heartbeat();
    const input = { period: report.period, documents: ledger.documents, records: ledger.records };
    const result = generateReport(type, input, report.params);
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join(' '));
    const inputHash = computeInputHash(reportInputRows(input), result.rulesVersion, result.params);
    await heartbeat();
    const emitter = (await sql<{ name: string; nrc: string; nit: string }>(em, 'select name, nrc, nit from emitters where id = ?', [report.emitterId]))[0];
    const files = await reportFiles(bookPdf, type, result.report, result.params, { taxpayerName: emitter?.name ?? '', nrc: emitter?.nrc ?? '', nit: emitter?.nit ?? null, period: report.period }, heartbeat);
    const contentHash = hashFiles(files.map((f) => ({ format: f.format, sha256: sha256(f.content) })));
    const at = deps.clock.now();
    await em.transactional(async (tx) => {
      // Still ours? This also locks the report row, so two runs never write rows and files at once.
      await renewReport(tx, reportId, token, at);
      await sql(tx, 'delete from fiscal_report_rows where report_id = ?', [reportId]);
      await sql(tx, 'delete from fiscal_report_files where report_id = ?', [reportId]);
      const rows = result.report.rows;
      for (let i = 0; i < rows.length; i += 5000) {
        await sql(
          tx,
          `insert into fiscal_report_rows (report_id, n, cells) select ?, (t.ord - 1 + ?)::int, t.value from jsonb_array_elements(?::jsonb) with ordinality as t(value, ord)`,
          [reportId, i, JSON.stringify(rows.slice(i, i + 5000))],
        );
      }
      for (const f of files) {
        await sql(tx, 'insert into fiscal_report_files (report_id, format, file_name, content_type, content, sha256, size) values (?, ?, ?, ?, ?, ?, ?)', [
          reportId, f.format, reportFileName(type, report.period, f.format), CONTENT_TYPES[f.format], f.content, sha256(f.content), f.content.length,
        ]);
      }
      await sql(
        tx,
        `update fiscal_reports set status = 'ready', input_hash = ?, rules_version = ?, totals = ?, warnings = ?, columns = ?, row_count = ?, error = null, completed_at = ?, lease_until = null where id = ?`,
        [inputHash, result.rulesVersion, JSON.stringify(result.report.totals), JSON.stringify(result.report.warnings), JSON.stringify(result.report.columns), rows.length, at, reportId],
      );
      if (emitEvent) {
        await insertOutboxEvent(tx, {
          accountId: report.accountId, environment: report.environment, type: 'fiscal.report.ready', subjectId: reportId,
          data: fiscalReportReadyEventData(
            { id: reportId, emitterId: report.emitterId, type, period: report.period, status: 'ready', inputHash, rulesVersion: result.rulesVersion, rowCount: rows.length },
            result.report.warnings.length,
          ),
          at,
        });
      }
    });
    if (emitEvent) deps.outbox.kick();
    return { status: 'ready', contentHash };
  } catch (err) {
    if (err instanceof FiscalLeaseLostError) {
      deps.logger.warn({ report_id: reportId }, err.message);
      const now = await em.fork().findOne(FiscalReportEntity, { id: reportId });
      return { status: now?.status ?? 'missing', contentHash: null };
    }
    deps.logger.error({ err, report_id: reportId }, 'no se pudo generar el reporte fiscal');
    const at = deps.clock.now();
    const message = `No se pudo generar el reporte: ${(err as Error).message}`.slice(0, 1000);
    const failed = await em.transactional(async (tx) => {
      const mine = await sql(tx, `update fiscal_reports set status = 'failed', error = ?, completed_at = ?, lease_until = null where id = ? and lease_token = ? returning id`, [message, at, reportId, token]);
      if (!mine.length) return false; // another run took it over: its outcome stands
      await insertOutboxEvent(tx, {
        accountId: report.accountId, environment: report.environment, type: 'fiscal.report.failed', subjectId: reportId,
        data: fiscalReportFailedEventData({ id: reportId, emitterId: report.emitterId, type: report.type, period: report.period, status: 'failed', error: message }),
        at,
      });
      return true;
    });
    if (!failed) return { status: 'running', contentHash: null };
    deps.outbox.kick();
    return { status: 'failed', contentHash: null };
  }
}

export function hashFiles(files: { format: string; sha256: string }[]): string {
  const text = [...files].sort((a, b) => a.format.localeCompare(b.format)).map((f) => `${f.format}:${f.sha256}`).join('\n');
  return createHash('sha256').update(text).digest('hex');
}

export async function contentHashOf(em: EntityManager, reportId: string): Promise<string | null> {
  const files = await sql<{ format: string; sha256: string }>(em, 'select format, sha256 from fiscal_report_files where report_id = ?', [reportId]);
  return files.length ? hashFiles(files) : null;
}
