import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { hasScope } from '../../domain/identity/scopes';
import type { DocumentGroupBy } from '../../services/fiscal/document-aggregates.service';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { connectionComplexity, pageRequest } from '../common/page-info.type';
import { aggregateConnection } from './aggregate-connection';
import { DocumentAggregate, DocumentAggregateConnection, DocumentAggregateFilterInput, DocumentGroupByGql } from './document-aggregate.types';

@Resolver(() => DocumentAggregate)
export class DocumentAggregateResolver {
  @Authorized()
  @Query(() => DocumentAggregateConnection, {
    description:
      'Sumas de los documentos de un emisor (ambiente de la llave) agrupadas por día, mes, tipo, receptor, establecimiento o anexo de ventas del F-07, en orden de la llave del grupo; '
      + 'totals suma todo el filtro. Solo cuentan los documentos procesados (como en los libros; los invalidados no); las notas de crédito (05) restan y los documentos con exclude_from_books no cuentan, así los totales son los de los libros. Requiere fiscal:read o documents:read.',
    complexity: connectionComplexity,
  })
  async documentAggregates(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('filter', () => DocumentAggregateFilterInput, { nullable: true }) filter: DocumentAggregateFilterInput | null,
    @Arg('groupBy', () => DocumentGroupByGql) groupBy: DocumentGroupByGql,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50, description: 'Grupos por página, 1–100 (predeterminado 50).' }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'Cursor: endCursor de la página anterior.' }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentAggregateConnection> {
    const actor = ctx.actor!;
    if (!hasScope(actor.scopes, 'fiscal:read') && !hasScope(actor.scopes, 'documents:read')) {
      throw serviceError('insufficient_scope', 'La llave de API no tiene el permiso "fiscal:read" ni "documents:read" que requiere esta operación.', { requiredScope: 'fiscal:read' });
    }
    const f = filter ?? {};
    return aggregateConnection(() =>
      ctx.services.documentAggregates.execute(
        actor,
        emitterId,
        groupBy as DocumentGroupBy,
        { period: f.period ?? null, type: f.type ?? null, status: f.status ?? null, receiver: f.receiver ?? null, establishmentCode: f.establishmentCode ?? null },
        pageRequest(first ?? 50, after),
      ),
    );
  }
}
