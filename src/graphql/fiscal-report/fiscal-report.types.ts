import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { fiscalReportView, type FiscalReportView } from '../../domain/fiscal';
import { PageInfo } from '../common/page-info.type';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf, registerViewEnum } from '../common/view-object-type';

export enum FiscalReportFormatGql {
  CSV = 'csv',
  XLSX = 'xlsx',
  PDF = 'pdf',
}
registerViewEnum(FiscalReportFormatGql, { name: 'FiscalReportFormat', description: 'Formato de archivo de un reporte fiscal.' });

export enum FiscalReportStatusGql {
  QUEUED = 'queued',
  RUNNING = 'running',
  READY = 'ready',
  FAILED = 'failed',
}
registerViewEnum(FiscalReportStatusGql, { name: 'FiscalReportStatus' });

export enum FiscalPeriodStatusGql {
  OPEN = 'open',
  CLOSING = 'closing',
  CLOSED = 'closed',
}
registerViewEnum(FiscalPeriodStatusGql, { name: 'FiscalPeriodStatus' });

export enum FiscalReportKindGql {
  ANNEX = 'annex',
  BOOK = 'book',
}
registerEnumType(FiscalReportKindGql, { name: 'FiscalReportKind' });

@ObjectType('FiscalReportType', { description: 'Un tipo de reporte del catálogo: anexo F-07 o libro de IVA.' })
export class FiscalReportTypeInfo {
  @Field({ description: 'Nombre del tipo (f07_anexo1, libro_compras, …), el valor de `type` al solicitarlo.' })
  type!: string;

  @Field()
  name!: string;

  @Field(() => FiscalReportKindGql)
  kind!: FiscalReportKindGql;

  @Field(() => [FiscalReportFormatGql])
  formats!: FiscalReportFormatGql[];

  @Field(() => GraphQLJSONObject, { description: 'JSON Schema de `params`.' })
  paramsSchema!: Record<string, unknown>;

  @Field()
  rulesVersion!: string;
}

/**
 * `FiscalReport` and `FiscalReportWarning`, derived from the report's view (src/domain/fiscal/fiscal-report-view.ts,
 * ADR 0062): a field added there is on GraphQL with no edit here. `downloadUrl` resolves apart.
 */
export const FiscalReportGql = objectTypeOf(fiscalReportView, 'FiscalReport', 'Un reporte fiscal (anexo F-07 o libro de IVA) de un período de un emisor.');
export type FiscalReportGql = FiscalReportView;

@ObjectType('FiscalReportConnection', { description: 'Reportes de un emisor, del más reciente al más antiguo.' })
export class FiscalReportConnection extends connectionOf('FiscalReport', FiscalReportGql) {}

@ObjectType('FiscalReportColumn')
export class FiscalReportColumn {
  @Field()
  key!: string;

  @Field()
  label!: string;

  @Field()
  kind!: string;

  @Field(() => String, { nullable: true, description: 'Letra de la columna del anexo (A, B, …).' })
  letter!: string | null;
}

@ObjectType('FiscalReportRow')
export class FiscalReportRow {
  @Field(() => Int, { description: 'Número de fila (el cursor de la siguiente página).' })
  n!: number;

  @Field(() => [String], { description: 'Celdas como texto, en el orden de columns.' })
  cells!: string[];
}

@ObjectType('FiscalReportRowPage')
export class FiscalReportRowPage {
  @Field(() => [FiscalReportColumn])
  columns!: FiscalReportColumn[];

  @Field(() => [FiscalReportRow])
  rows!: FiscalReportRow[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@ObjectType('FiscalPeriod')
export class FiscalPeriodGql {
  @Field(() => ID)
  emitterId!: string;

  @Field({ description: 'AAAA-MM.' })
  period!: string;

  @Field(() => FiscalPeriodStatusGql)
  status!: FiscalPeriodStatusGql;

  @Field(() => Int)
  version!: number;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;

  @Field()
  drift!: boolean;
}

@InputType('RequestFiscalReportInput')
export class RequestFiscalReportInput {
  @Field(() => ID)
  emitterId!: string;

  @Field({ description: 'Tipo de reporte (fiscalReportTypes).' })
  type!: string;

  @Field({ description: 'Período AAAA-MM.' })
  period!: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Parámetros del tipo (su JSON Schema en fiscalReportTypes).' })
  params?: Record<string, unknown> | null;

  @Field(() => String, { nullable: true, description: 'Ambiente del reporte: con llave de API solo el de la llave (otro: ENVIRONMENT_FORBIDDEN).' })
  environment?: string | null;
}

@ObjectType('RequestFiscalReportPayload')
export class RequestFiscalReportPayload extends payloadOf('report', () => FiscalReportGql) {
  @Field(() => Boolean, { nullable: true, description: 'true si se encoló un reporte nuevo; false si se devolvió el vigente del mismo inputHash o la instantánea de un período cerrado.' })
  created?: boolean | null;
}

@ObjectType('FiscalPeriodPayload')
export class FiscalPeriodPayload extends payloadOf('period', () => FiscalPeriodGql) {}

@InputType('CreateEmbedSessionInput', { description: 'reportId, o reportType y period (el reporte listo más reciente).' })
export class CreateEmbedSessionInput {
  @Field(() => ID)
  emitterId!: string;

  @Field(() => ID, { nullable: true })
  reportId?: string | null;

  @Field(() => String, { nullable: true })
  reportType?: string | null;

  @Field(() => String, { nullable: true })
  period?: string | null;

  @Field(() => Int, { nullable: true, description: 'Segundos, 1–300 (predeterminado 300).' })
  ttl?: number | null;
}

@ObjectType('EmbedSession')
export class EmbedSessionGql {
  @Field({ description: 'Enlace de un solo uso a la vista de solo lectura.' })
  url!: string;

  @Field()
  expiresAt!: Date;
}

@ObjectType('EmbedSessionPayload')
export class EmbedSessionPayload extends payloadOf('embedSession', () => EmbedSessionGql) {}
