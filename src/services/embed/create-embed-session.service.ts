import { isValidPeriod } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import type { EntityManager } from '@mikro-orm/core';
import { EmbedSessionEntity, FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { findOwnReport, parseReportType } from '../fiscal/fiscal-report-store';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { EMBED_MAX_TTL_S, EMBED_PAGE_PATH, hashEmbedToken, newLinkToken } from './embed-token';

export interface EmbedSessionInput {
  emitterId?: unknown;
  reportId?: unknown;
  reportType?: unknown;
  period?: unknown;
  ttl?: unknown;
}

export interface CreatedEmbedSession {
  id: string;
  url: string;
  expiresAt: Date;
  emitterId: string;
  reportId: string | null;
}

/**
 * A single-use link (at most 300 s) to a read-only view for an external system: with `emitterId`
 * alone, the emitter's documents and books; with `reportId`, or `reportType` + `period` (the newest
 * ready report), that one report. The token travels after `#` in the page's URL; only its SHA-256
 * is stored.
 */
export class CreateEmbedSessionService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: EmbedSessionInput): Promise<CreatedEmbedSession> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, String(input.emitterId ?? ''), 'emitterId');
    const ttl = input.ttl === undefined || input.ttl === null ? EMBED_MAX_TTL_S : Number(input.ttl);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > EMBED_MAX_TTL_S) throw DomainError.field('out_of_range', 'ttl', 'ttl es un entero de 1 a 300 segundos.');
    const report = await this.report(em, actor, emitter.id, input);
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    const token = newLinkToken();
    const id = newId(IdPrefix.embedSession, now.getTime());
    em.create(EmbedSessionEntity, {
      id,
      tokenHash: hashEmbedToken(token),
      accountId: actor.accountId,
      environment: actor.environment,
      emitterId: emitter.id,
      reportId: report?.id ?? null,
      expiresAt,
      createdAt: now,
    });
    await em.flush();
    const url = `${this.deps.baseUrl().replace(/\/+$/, '')}${EMBED_PAGE_PATH}/${id}#${token}`;
    return { id, url, expiresAt, emitterId: emitter.id, reportId: report?.id ?? null };
  }

  /** The one report the link opens; null for the emitter's whole view. */
  private async report(em: EntityManager, actor: Actor, emitterId: string, input: EmbedSessionInput): Promise<FiscalReportEntity | null> {
    const has = (v: unknown) => v !== undefined && v !== null;
    if (has(input.reportId)) {
      const report = await findOwnReport(em, actor, emitterId, String(input.reportId));
      if (!report) throw DomainError.notFound('un reporte fiscal', 'reportId');
      if (report.status !== 'ready') throw DomainError.field('report_not_ready', 'reportId', 'El reporte todavía no está listo.');
      return report;
    }
    if (!has(input.reportType) && !has(input.period)) return null;
    if (!has(input.reportType)) throw DomainError.field('required', 'reportType', 'Con period indique también report_type (o ninguno de los dos para la vista del emisor).');
    const type = parseReportType(input.reportType);
    if (typeof input.period !== 'string' || !isValidPeriod(input.period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM.');
    const report = await em.findOne(FiscalReportEntity, { emitterId, environment: actor.environment, period: input.period, type, status: 'ready' }, { orderBy: { id: 'desc' } });
    if (!report) throw DomainError.field('report_not_ready', 'reportType', 'No hay un reporte listo de ese tipo y período; solicítelo con POST /v1/emitters/{id}/fiscal/reports.');
    return report;
  }
}
