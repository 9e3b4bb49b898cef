import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ReportTypeInfo } from '../../domain/fiscal';
import { toFiscalReportView } from '../../services/fiscal/fiscal-report-view';
import type { PeriodView } from '../../services/fiscal/fiscal-report-store';
import { inRequestEnvironment } from '../../services/shared/request-environment';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { runQuery } from '../common/run-query';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import {
  CreateEmbedSessionInput,
  EmbedSessionPayload,
  FiscalPeriodGql,
  FiscalPeriodPayload,
  FiscalPeriodStatusGql,
  FiscalReportConnection,
  FiscalReportFormatGql,
  FiscalReportGql,
  FiscalReportKindGql,
  FiscalReportRowPage,
  FiscalReportTypeInfo,
  RequestFiscalReportInput,
  RequestFiscalReportPayload,
} from './fiscal-report.types';

export const toFiscalPeriod = (p: PeriodView): FiscalPeriodGql => ({
  emitterId: p.emitterId, period: p.period, status: p.status as FiscalPeriodStatusGql, version: p.version, closedAt: p.closedAt, drift: p.drift,
});

const toReportType = (t: ReportTypeInfo): FiscalReportTypeInfo => ({
  type: t.type, name: t.name, kind: t.kind as FiscalReportKindGql, formats: t.formats as FiscalReportFormatGql[], paramsSchema: t.paramsSchema, rulesVersion: t.rulesVersion,
});

/**
 * Fiscal reports, periods and embed sessions over the same services as the REST handler routes.
 * Files stay behind signed links: `downloadUrl(format)` returns a fresh one.
 */
@Resolver(() => FiscalReportGql)
export class FiscalReportResolver {
  @Authorized('fiscal:read')
  @Query(() => [FiscalReportTypeInfo], { description: 'Catálogo de reportes: anexos F-07 y libros de IVA, con sus formatos y el JSON Schema de params.' })
  async fiscalReportTypes(@Arg('emitterId', () => ID) emitterId: string, @Ctx() ctx: GraphQLContext): Promise<FiscalReportTypeInfo[]> {
    return runQuery(async () => (await ctx.services.listFiscalReportTypes.execute(ctx.actor!, emitterId)).map(toReportType));
  }

  @Authorized('fiscal:read')
  @Query(() => FiscalReportGql, { nullable: true, description: 'Un reporte fiscal con totales, advertencias, drift, inputHash y rulesVersion; null si no existe (o es de otra cuenta o ambiente).' })
  async fiscalReport(@Arg('emitterId', () => ID) emitterId: string, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<FiscalReportGql | null> {
    return runQuery(async () => {
      const v = await ctx.services.getFiscalReport.execute(ctx.actor!, emitterId, id);
      return v ? toFiscalReportView(v) : null;
    });
  }

  @Authorized('fiscal:read')
  @Query(() => FiscalReportConnection, {
    description: 'Reportes de un emisor (de un período y de un tipo, si se indican), del más reciente al más antiguo: los que ya existen, para abrirlos o descargarlos sin pedir uno nuevo.',
    complexity: connectionComplexity,
  })
  async fiscalReports(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('period', () => String, { nullable: true, description: 'Solo los de este período (AAAA-MM).' }) period: string | null,
    @Arg('type', () => String, { nullable: true, description: 'Un tipo del catálogo (fiscalReportTypes).' }) type: string | null,
    @Arg('first', () => Int, { nullable: true, description: '1–100 (predeterminado 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalReportConnection> {
    const page = pageRequest(first, after);
    return runQuery(async () => toConnection(await ctx.services.listFiscalReports.execute(ctx.actor!, emitterId, { period, type }, page), toFiscalReportView, (r) => r.id));
  }

  @Authorized('fiscal:read')
  @Query(() => FiscalReportRowPage, { description: 'Filas de un reporte en orden, con las columnas; after es el n de la última fila vista (pageInfo.endCursor).' })
  async fiscalReportRows(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('id', () => ID) id: string,
    @Arg('first', () => Int, { nullable: true, defaultValue: 100, description: '1–1000 (predeterminado 100).' }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalReportRowPage> {
    if (!Number.isInteger(first) || first < 1 || first > 1000) throw serviceError('invalid_request', '"first" debe ser un entero entre 1 y 1000.', { field: 'first' });
    if (after !== null && after !== undefined && after.length > 12) throw serviceError('invalid_request', 'Cursor "after" inválido.', { field: 'after' });
    return runQuery(async () => {
      const page = await ctx.services.listFiscalReportRows.execute(ctx.actor!, emitterId, id, { first, after: after ?? null });
      return {
        columns: page.columns.map((c) => ({ key: c.key, label: c.label, kind: c.kind, letter: c.letter ?? null })),
        rows: page.rows,
        pageInfo: { hasNextPage: page.hasMore, endCursor: page.endCursor },
      };
    });
  }

  @Authorized('fiscal:read')
  @FieldResolver(() => String, { description: 'Enlace firmado nuevo y de corta duración (DOWNLOAD_URL_TTL_S) al archivo; no requiere llave de API. Error REPORT_NOT_READY si el reporte no está listo.' })
  async downloadUrl(
    @Root() report: FiscalReportGql,
    @Arg('format', () => FiscalReportFormatGql, { defaultValue: FiscalReportFormatGql.CSV }) format: FiscalReportFormatGql,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return runQuery(async () => (await ctx.services.fiscalReportFiles.createDownloadLink(ctx.actor!, report.emitterId, report.id, format)).url);
  }

  @Authorized('fiscal:read')
  @Query(() => [FiscalPeriodGql], { description: 'Períodos del emisor con documentos, registros o estado, del más reciente al más antiguo.' })
  async fiscalPeriods(@Arg('emitterId', () => ID) emitterId: string, @Ctx() ctx: GraphQLContext): Promise<FiscalPeriodGql[]> {
    return runQuery(async () => (await ctx.services.listFiscalPeriods.execute(ctx.actor!, emitterId)).map(toFiscalPeriod));
  }

  @Authorized('fiscal:write')
  @Mutation(() => RequestFiscalReportPayload, {
    description: 'Solicita un reporte de un período: created true si quedó en cola; false si se devolvió el vigente del mismo inputHash o la instantánea de un período cerrado.',
  })
  async requestFiscalReport(@Arg('input', () => RequestFiscalReportInput) input: RequestFiscalReportInput, @Ctx() ctx: GraphQLContext): Promise<RequestFiscalReportPayload> {
    return runMutation(async () => {
      const { emitterId, ...fields } = plain(input) as Record<string, unknown> & { emitterId: string; environment?: string | null };
      const r = await ctx.services.requestFiscalReport.execute(ctx.actor!, emitterId, withoutNulls(fields));
      const view = await ctx.services.getFiscalReport.execute(inRequestEnvironment(ctx.actor!, fields.environment), emitterId, r.report.id);
      return { report: toFiscalReportView(view!), created: r.queued };
    });
  }

  @Authorized('fiscal:write')
  @Mutation(() => FiscalPeriodPayload, { description: 'Cierra un período: pasa a CLOSING, se generan todos los reportes con sus instantáneas y queda CLOSED (evento fiscal.period.closed).' })
  async closeFiscalPeriod(@Arg('emitterId', () => ID) emitterId: string, @Arg('period') period: string, @Ctx() ctx: GraphQLContext): Promise<FiscalPeriodPayload> {
    return runMutation(async () => ({ period: toFiscalPeriod(await ctx.services.closeFiscalPeriod.execute(ctx.actor!, emitterId, period)) }));
  }

  @Authorized('fiscal:close')
  @Mutation(() => FiscalPeriodPayload, { description: 'Reabre un período cerrado con un motivo (permiso fiscal:close): versión + 1; las instantáneas anteriores se conservan.' })
  async reopenFiscalPeriod(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('period') period: string,
    @Arg('reason') reason: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalPeriodPayload> {
    return runMutation(async () => ({ period: toFiscalPeriod(await ctx.services.reopenFiscalPeriod.execute(ctx.actor!, emitterId, period, { reason })) }));
  }

  @Authorized('fiscal:read')
  @Mutation(() => EmbedSessionPayload, { description: 'Enlace firmado de un solo uso (máximo 300 s) a una vista de solo lectura de un reporte listo.' })
  async createEmbedSession(@Arg('input', () => CreateEmbedSessionInput) input: CreateEmbedSessionInput, @Ctx() ctx: GraphQLContext): Promise<EmbedSessionPayload> {
    return runMutation(async () => {
      return { embedSession: await ctx.services.createEmbedSession.execute(ctx.actor!, withoutNulls(plain(input) as Record<string, unknown>)) };
    });
  }
}

/** An input's fields without the ones left null: the shared schema (REST's) marks an absent field optional, not nullable. */
function withoutNulls(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
}
