import { z } from 'zod';
import { isValidPeriod } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import type { EntityManager } from '@mikro-orm/core';
import { EmbedSessionEntity, FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { findOwnReport, parseReportType } from '../fiscal/fiscal-report-store';
import { holdIdempotencyRecord, linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { EMBED_MAX_TTL_S, EMBED_PAGE_PATH, hashEmbedToken, newLinkToken } from './embed-token';
import { trimTrailing } from '../../domain/shared/linear-text';

/**
 * What an embed link request carries, on both doors: the body of `POST /v1/fiscal/embed-sessions`
 * and GraphQL's `CreateEmbedSessionInput`. Which combination names a report, the period's format and
 * the ttl's range are checked after this.
 */
export const createEmbedSessionSchema = z.object({
  emitterId: z.string().max(64).describe('Emisor de la vista; solo (sin reporte) abre sus documentos y libros.'),
  reportId: z.string().max(64).optional().describe('Un reporte listo (frp_…): la vista muestra solo ese reporte.'),
  reportType: z.string().max(64).optional().describe('Con `period`: el reporte listo más reciente de ese tipo y período.'),
  period: z.string().max(7).optional(),
  ttl: z.number().int().optional().describe('Segundos de validez del enlace, 1–300 (predeterminado 300).'),
});

export type EmbedSessionInput = z.infer<typeof createEmbedSessionSchema>;

/** The resource type a creation links to its Idempotency-Key record. */
const EMBED_SESSION_RESOURCE = 'embed_session';

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
 *
 * The session is linked to the request's Idempotency-Key record in its own commit. The token is in
 * the answer only, so a retry of a request whose process died cannot show the first link again:
 * it gives the same session a new link (a new token, valid `ttl` from now) and the undelivered one
 * stops working — one key, one session, one live link. Whatever the old token opened is closed too.
 */
export class CreateEmbedSessionService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, body: unknown): Promise<CreatedEmbedSession> {
    const valid = parseWith(createEmbedSessionSchema, body);
    if (!valid.ok) throw DomainError.validation(valid.errors);
    const input = valid.value;
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, input.emitterId, 'emitterId');
    const ttl = input.ttl ?? EMBED_MAX_TTL_S;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > EMBED_MAX_TTL_S) throw DomainError.field('out_of_range', 'ttl', 'ttl es un entero de 1 a 300 segundos.');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    const token = newLinkToken();
    const resumed = resumedResource(actor, EMBED_SESSION_RESOURCE);
    if (resumed) return this.newLink(em, actor, resumed, token, expiresAt);
    const report = await this.report(em, actor, emitter.id, input);
    const id = newId(IdPrefix.embedSession, now.getTime());
    await em.transactional(async (tx) => {
      tx.create(EmbedSessionEntity, {
        id,
        tokenHash: hashEmbedToken(token),
        accountId: actor.accountId,
        environment: actor.environment,
        emitterId: emitter.id,
        reportId: report?.id ?? null,
        expiresAt,
        createdAt: now,
      });
      await tx.flush();
      await linkCreatedResource(tx, actor, EMBED_SESSION_RESOURCE, id);
    });
    return { id, url: this.url(id, token), expiresAt, emitterId: emitter.id, reportId: report?.id ?? null };
  }

  /** The session an earlier run of this request created, with a new token replacing the undelivered one. */
  private async newLink(em: EntityManager, actor: Actor, id: string, token: string, expiresAt: Date): Promise<CreatedEmbedSession> {
    const [row] = await em.transactional(async (tx) => {
      await holdIdempotencyRecord(tx, actor);
      return sql<{ emitter_id: string; report_id: string | null }>(
        tx,
        `update embed_sessions set token_hash = ?, expires_at = ?, used_at = null, view_token_hash = null, view_expires_at = null
          where id = ? and account_id = ? and environment = ? returning emitter_id, report_id`,
        [hashEmbedToken(token), expiresAt, id, actor.accountId, actor.environment],
      );
    });
    if (!row) throw new Error(`BUG: la sesión de vista ${id} de esta solicitud desapareció`);
    return { id, url: this.url(id, token), expiresAt, emitterId: row.emitter_id, reportId: row.report_id };
  }

  private url(id: string, token: string): string {
    return `${trimTrailing(this.deps.baseUrl(), '/')}${EMBED_PAGE_PATH}/${id}#${token}`;
  }

  /** The one report the link opens; null for the emitter's whole view. */
  private async report(em: EntityManager, actor: Actor, emitterId: string, input: EmbedSessionInput): Promise<FiscalReportEntity | null> {
    if (input.reportId !== undefined) {
      const report = await findOwnReport(em, actor, emitterId, input.reportId);
      if (!report) throw DomainError.notFound('un reporte fiscal', 'reportId');
      if (report.status !== 'ready') throw DomainError.field('report_not_ready', 'reportId', 'El reporte todavía no está listo.');
      return report;
    }
    if (input.reportType === undefined && input.period === undefined) return null;
    if (input.reportType === undefined) throw DomainError.field('required', 'reportType', 'Con period indique también report_type (o ninguno de los dos para la vista del emisor).');
    const type = parseReportType(input.reportType);
    if (input.period === undefined || !isValidPeriod(input.period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM.');
    const report = await em.findOne(FiscalReportEntity, { emitterId, environment: actor.environment, period: input.period, type, status: 'ready' }, { orderBy: { id: 'desc' } });
    if (!report) throw DomainError.field('report_not_ready', 'reportType', 'No hay un reporte listo de ese tipo y período; solicítelo con POST /v1/emitters/{id}/fiscal/reports.');
    return report;
  }
}
