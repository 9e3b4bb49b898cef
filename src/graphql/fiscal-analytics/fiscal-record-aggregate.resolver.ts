import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/domain-error';
import { encodeAggregateCursor } from '../../services/fiscal/document-aggregates.service';
import type { RecordGroupBy } from '../../services/fiscal/fiscal-record-aggregates.service';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { connectionComplexity, pageRequest } from '../common/page-info.type';
import { FiscalRecordFilterInput } from '../fiscal/fiscal-record.types';
import { FiscalRecordAggregate, FiscalRecordAggregateConnection, FiscalRecordGroupByGql } from './fiscal-record-aggregate.types';

@Resolver(() => FiscalRecordAggregate)
export class FiscalRecordAggregateResolver {
  @Authorized('fiscal:read')
  @Query(() => FiscalRecordAggregateConnection, {
    description:
      'Sumas por clave de amounts de los registros fiscales de un recurso (purchases, withholdings-received, external-sales, withholdings-made) de un emisor (ambiente de la llave), '
      + 'agrupadas por día, mes, tipo de documento, contraparte o anexo del F-07, en orden de la llave del grupo; totals suma todo el filtro. Como en los libros: los registros '
      + 'eliminados o con exclude_from_books no cuentan y una nota de crédito (05) de compras o ventas externas resta, así los totales son los de los libros. Requiere fiscal:read.',
    complexity: connectionComplexity,
  })
  async fiscalRecordAggregates(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('resource', () => String) resource: string,
    @Arg('groupBy', () => FiscalRecordGroupByGql) groupBy: FiscalRecordGroupByGql,
    @Arg('filter', () => FiscalRecordFilterInput, { nullable: true }) filter: FiscalRecordFilterInput | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50, description: 'Grupos por página, 1–100 (predeterminado 50).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor: endCursor de la página anterior.' }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FiscalRecordAggregateConnection> {
    try {
      const page = await ctx.services.fiscalRecordAggregates.execute(ctx.actor!, emitterId, resource, groupBy as RecordGroupBy, { ...filter }, pageRequest(first ?? 50, after));
      const edges = page.groups.map((node) => ({ cursor: encodeAggregateCursor(node.key), node }));
      return {
        nodes: page.groups,
        edges,
        pageInfo: { hasNextPage: page.hasMore, endCursor: edges.length ? edges[edges.length - 1].cursor : null },
        totals: page.totals,
      };
    } catch (err) {
      if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
      throw err;
    }
  }
}
