import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/domain-error';
import type { BatchItemResult, StoredFiscalRecord } from '../../services/fiscal/fiscal-record-rows';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import {
  DocumentFiscalTagsInput, DocumentFiscalTagsPayload, FiscalRecordConnection, FiscalRecordFilterInput, FiscalRecordPayload, FiscalRecordType, UpsertFiscalRecordsPayload,
  type FiscalRecordResultType,
} from './fiscal-record.types';

export function toFiscalRecord(r: StoredFiscalRecord): FiscalRecordType {
  return {
    id: r.id, emitterId: r.emitterId, resource: r.resource, externalId: r.externalId, version: r.version, period: r.period,
    record: r.body as unknown as Record<string, unknown>, createdAt: r.createdAt, updatedAt: r.updatedAt,
  };
}

function toResult(r: BatchItemResult): FiscalRecordResultType {
  return {
    externalId: r.externalId,
    status: r.status.toUpperCase(),
    record: r.record ? toFiscalRecord(r.record) : null,
    error: r.error ? { code: r.error.code.toUpperCase(), message: r.error.message, errors: r.error.errors.map((e) => ({ field: e.path, code: e.code, message: e.message })) } : null,
  };
}

@Resolver(() => FiscalRecordType)
export class FiscalRecordResolver {
  @Authorized('fiscal:read')
  @Query(() => FiscalRecordConnection, {
    description: 'Registros fiscales de un emisor (ambiente de la llave), del más reciente al más antiguo, con filtros (periodo, tipo, clase, contraparte, fechas contables).',
    complexity: connectionComplexity,
  })
  async fiscalRecords(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('resource', () => String) resource: string,
    @Arg('period', () => String, { nullable: true, description: 'Periodo AAAA-MM (atajo de filter.period).' }) period: string | null,
    @Arg('filter', () => FiscalRecordFilterInput, { nullable: true }) filter: FiscalRecordFilterInput | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalRecordConnection> {
    try {
      const f = { ...filter };
      if (period != null) {
        if (f.period != null && f.period !== period) throw DomainError.field('invalid_request', 'period', 'Indique el periodo en "period" o en "filter.period", no dos distintos.');
        f.period = period;
      }
      const page = await ctx.services.listFiscalRecords.execute(ctx.actor!, emitterId, resource, f, pageRequest(first, after));
      return toConnection(page, toFiscalRecord, (n) => n.id);
    } catch (err) {
      if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
      throw err;
    }
  }

  @Authorized('fiscal:write')
  @Mutation(() => UpsertFiscalRecordsPayload, { description: 'Crea o actualiza hasta 500 registros fiscales (idempotente por externalId + version); cada elemento trae su resultado.' })
  async upsertFiscalRecords(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('resource', () => String) resource: string,
    @Arg('items', () => [GraphQLJSONObject]) items: Record<string, unknown>[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<UpsertFiscalRecordsPayload> {
    return runMutation(async () => ({ results: (await ctx.services.putFiscalRecords.execute(ctx.actor!, emitterId, resource, items)).map(toResult) }));
  }

  @Authorized('fiscal:write')
  @Mutation(() => FiscalRecordPayload, { description: 'Crea o actualiza un registro fiscal (idempotente por versión).' })
  async putFiscalRecord(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('resource', () => String) resource: string,
    @Arg('externalId', () => String) externalId: string,
    @Arg('record', () => GraphQLJSONObject) record: Record<string, unknown>,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalRecordPayload> {
    return runMutation(async () => {
      const r = await ctx.services.putFiscalRecord.execute(ctx.actor!, emitterId, resource, externalId, record);
      return { fiscalRecord: toFiscalRecord(r.record), outcome: r.status };
    });
  }

  @Authorized('fiscal:write')
  @Mutation(() => FiscalRecordPayload, { description: 'Borra (lógicamente) un registro fiscal; no se admite en un periodo cerrado.' })
  async deleteFiscalRecord(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('resource', () => String) resource: string,
    @Arg('externalId', () => String) externalId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalRecordPayload> {
    return runMutation(async () => ({ fiscalRecord: toFiscalRecord(await ctx.services.deleteFiscalRecord.execute(ctx.actor!, emitterId, resource, externalId)), outcome: 'deleted' }));
  }

  @Authorized('fiscal:write')
  @Mutation(() => DocumentFiscalTagsPayload, { description: 'Cambia las etiquetas fiscales de un documento emitido; en un periodo cerrado marca la deriva (drift).' })
  async updateDocumentFiscalTags(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => DocumentFiscalTagsInput) input: DocumentFiscalTagsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentFiscalTagsPayload> {
    return runMutation(async () => {
      const r = await ctx.services.updateDocumentFiscalTags.execute(ctx.actor!, id, plain(input));
      return { documentId: r.documentId, fiscalTags: { ...r.fiscalTags, incomeCodes: r.fiscalTags.incomeCodes ?? null } };
    });
  }
}
