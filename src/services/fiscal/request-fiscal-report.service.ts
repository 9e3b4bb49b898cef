import { z } from 'zod';
import { parseReportParams, REPORT_TYPES, reportTypeInfo, type ReportTypeInfo } from '../../domain/fiscal';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { FiscalReportEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import { inRequestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { currentInputHash, parsePeriod, parseReportType, readPeriod } from './fiscal-report-store';

/**
 * What a report request carries, on both doors: the body of `POST /v1/emitters/{id}/fiscal/reports`
 * and GraphQL's `RequestFiscalReportInput` (whose `emitterId` REST carries in the path). The type,
 * the period's format and `params` are checked against the report catalog after this.
 */
export const requestFiscalReportSchema = z.object({
  type: z.string().max(64),
  period: z.string().max(7),
  params: z.record(z.string(), z.unknown()).optional(),
  environment: z.enum(['00', '01'], 'El ambiente es "00" (pruebas) o "01" (producción).').optional()
    .describe('Ambiente del reporte; con llave de API solo el de la llave (otro: 403 environment_forbidden).'),
});

export type RequestFiscalReportInput = z.infer<typeof requestFiscalReportSchema>;

export interface RequestedReport {
  report: FiscalReportEntity;
  /** True when a new report was queued (REST 202); false for an existing current result or a snapshot (200). */
  queued: boolean;
}

/** The report catalog (types, names, formats, params JSON Schema) for an emitter of the caller. */
export class ListFiscalReportTypesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string): Promise<readonly ReportTypeInfo[]> {
    await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId);
    return REPORT_TYPES;
  }
}

/**
 * Requests a report of a period. A closed period answers with the report kept when it was closed
 * (snapshot of its current version). Otherwise the input hash is computed now over the ledger: a
 * ready (or still running) report with the same hash is returned as it is; else a new report is
 * queued and the `generate-fiscal-report` job builds it.
 */
export class RequestFiscalReportService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(caller: Actor, emitterId: string, body: unknown): Promise<RequestedReport> {
    const valid = parseWith(requestFiscalReportSchema, body);
    if (!valid.ok) throw DomainError.validation(valid.errors);
    const input = valid.value;
    const actor = inRequestEnvironment(caller, input.environment);
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const type = parseReportType(input.type);
    const period = parsePeriod(input.period);
    const parsed = parseReportParams(type, input.params ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors.map((e) => ({ ...e, code: e.code as FieldError['code'], path: e.path ? `params.${e.path}` : 'params' })));
    const params = parsed.value as Record<string, unknown>;
    const q = { emitterId: emitter.id, environment: actor.environment, period };

    const state = await readPeriod(em, emitter.id, actor.environment, period);
    if (state.status === 'closed') {
      const snap = await sql<{ report_id: string }>(
        em,
        'select report_id from fiscal_period_snapshots where emitter_id = ? and environment = ? and period = ? and version = ? and type = ?',
        [emitter.id, actor.environment, period, state.version, type],
      );
      const report = snap[0] ? await em.findOne(FiscalReportEntity, { id: snap[0].report_id }) : null;
      if (report) return { report, queued: false };
    }

    const inputHash = await currentInputHash(em, this.deps.documents, q, type, params);
    const existing = await em.findOne(
      FiscalReportEntity,
      { emitterId: emitter.id, environment: actor.environment, period, type, inputHash, status: { $in: ['ready', 'queued', 'running'] } },
      { orderBy: { id: 'desc' } },
    );
    if (existing) return { report: existing, queued: false };

    const now = this.deps.clock.now();
    const report = em.create(FiscalReportEntity, {
      id: newId(IdPrefix.fiscalReport, now.getTime()),
      accountId: actor.accountId,
      environment: actor.environment,
      emitterId: emitter.id,
      period,
      type,
      params,
      status: 'queued',
      inputHash,
      rulesVersion: reportTypeInfo(type).rulesVersion,
      periodVersion: state.version,
      createdAt: now,
    });
    await em.flush();
    await this.deps.queue.enqueue('generate-fiscal-report', { reportId: report.id });
    return { report, queued: true };
  }
}
