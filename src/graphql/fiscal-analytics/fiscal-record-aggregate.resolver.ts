import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { RecordGroupBy } from '../../services/fiscal/fiscal-record-aggregates.service';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest } from '../common/page-info.type';
import { FiscalRecordFilterInput } from '../fiscal/fiscal-record.types';
import { aggregateConnection } from './aggregate-connection';
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
    return aggregateConnection(() =>
      ctx.services.fiscalRecordAggregates.execute(ctx.actor!, emitterId, resource, groupBy as RecordGroupBy, { ...filter }, pageRequest(first ?? 50, after)),
    );
  }
}
