import { createHash, randomBytes } from 'node:crypto';
import { isValidPeriod, REPORT_TYPES, reportTypeInfo, type ReportFormat } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { EmbedSessionEntity, FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { FiscalReportFilesService } from './fiscal-report-files.service';
import { findOwnReport, parseReportType, readPeriod } from './fiscal-report-store';

export const EMBED_PATH = '/v1/fiscal/embed';
export const EMBED_MAX_TTL_S = 300;
const EMBED_MAX_ROWS = 1000;

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Creates a single-use, read-only link (at most 300 s) that renders one ready report of an emitter
 * of the caller: by `reportId`, or the newest ready report of `reportType` and `period`.
 */
export class CreateEmbedSessionService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: { emitterId?: unknown; reportId?: unknown; reportType?: unknown; period?: unknown; ttl?: unknown }): Promise<{ url: string; expiresAt: Date }> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, String(input.emitterId ?? ''), 'emitterId');
    const ttl = input.ttl === undefined || input.ttl === null ? EMBED_MAX_TTL_S : Number(input.ttl);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > EMBED_MAX_TTL_S) throw DomainError.field('out_of_range', 'ttl', 'ttl es un entero de 1 a 300 segundos.');
    let report: FiscalReportEntity | null = null;
    if (input.reportId !== undefined && input.reportId !== null) {
      report = await findOwnReport(em, actor, emitter.id, String(input.reportId));
      if (!report) throw DomainError.notFound('un reporte fiscal', 'reportId');
    } else {
      const type = parseReportType(input.reportType);
      if (typeof input.period !== 'string' || !isValidPeriod(input.period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM.');
      report = await em.findOne(FiscalReportEntity, { emitterId: emitter.id, environment: actor.environment, period: input.period, type, status: 'ready' }, { orderBy: { id: 'desc' } });
      if (!report) throw DomainError.field('report_not_ready', 'reportType', 'No hay un reporte listo de ese tipo y período; solicítelo con POST /v1/emitters/{id}/fiscal/reports.');
    }
    if (report.status !== 'ready') throw DomainError.field('report_not_ready', 'reportId', 'El reporte todavía no está listo.');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    const token = randomBytes(32).toString('base64url');
    em.create(EmbedSessionEntity, {
      id: newId(IdPrefix.embedSession, now.getTime()),
      tokenHash: hashToken(token),
      accountId: actor.accountId,
      environment: actor.environment,
      emitterId: emitter.id,
      reportId: report.id,
      expiresAt,
      createdAt: now,
    });
    await em.flush();
    return { url: `${this.deps.baseUrl()}${EMBED_PATH}/${token}`, expiresAt };
  }
}

/** What an embed page shows of one report (the HTTP door renders it as HTML). */
export interface EmbedReportView {
  title: string;
  emitterName: string;
  period: string;
  status: string;
  drift: boolean;
  columns: { key: string; label: string; kind: string }[];
  rows: string[][];
  rowCount: number;
  totals: Record<string, string>;
  warnings: { code: string; message: string; documentId: string | null }[];
  downloads: { format: string; url: string }[];
  expiresAt: Date;
}

/** Opens an embed link once: the report to show, or `ok: false` when used, expired or unknown. */
export class OpenEmbedSessionService {
  constructor(private readonly deps: ServiceDeps, private readonly files: FiscalReportFilesService) {}

  async execute(token: string): Promise<{ ok: true; view: EmbedReportView } | { ok: false }> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return { ok: false };
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const used = await sql<{ report_id: string; expires_at: Date; emitter_id: string }>(
      em,
      'update embed_sessions set used_at = ? where token_hash = ? and used_at is null and expires_at > ? returning report_id, expires_at, emitter_id',
      [now, hashToken(token), now],
    );
    if (!used[0]) return { ok: false };
    const report = await em.findOne(FiscalReportEntity, { id: used[0].report_id });
    if (!report) return { ok: false };
    const period = await readPeriod(em, report.emitterId, report.environment, report.period);
    const emitter = (await sql<{ name: string }>(em, 'select name from emitters where id = ?', [report.emitterId]))[0];
    const rows = await sql<{ cells: string[] }>(em, 'select cells from fiscal_report_rows where report_id = ? order by n limit ?', [report.id, EMBED_MAX_ROWS]);
    const info = reportTypeInfo(parseReportType(report.type));
    const remainingS = Math.max(1, Math.floor((new Date(used[0].expires_at).getTime() - now.getTime()) / 1000));
    const downloads = info.formats.map((f: ReportFormat) => ({ format: f, ...this.files.linkTo(report.id, f, Math.max(remainingS, 60)) }));
    const view: EmbedReportView = {
      title: REPORT_TYPES.find((t) => t.type === report.type)?.name ?? report.type,
      emitterName: emitter?.name ?? '',
      period: report.period,
      status: period.status,
      drift: report.drift,
      columns: report.columns,
      rows: rows.map((r) => r.cells),
      rowCount: report.rowCount,
      totals: report.totals ?? {},
      warnings: report.warnings,
      downloads: downloads.map((d) => ({ format: d.format, url: d.url })),
      expiresAt: downloads[0]?.expiresAt ?? now,
    };
    return { ok: true, view };
  }
}
