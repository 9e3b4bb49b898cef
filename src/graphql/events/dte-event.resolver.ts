import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/domain-error';
import type { GraphQLContext } from '../common/context';
import { serviceError } from '../common/graphql-errors';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import { DocumentReturnInput, InvalidateDteEventInput, SpecialOperationInput } from './dte-event.inputs';
import { toDocumentReturn, toSpecialOperation } from './dte-event.mapper';
import {
  DocumentReturnConnection, DocumentReturnPayload, DocumentReturnType, InvalidateDocumentReturnPayload, InvalidateSpecialOperationPayload, SpecialOperationConnection,
  SpecialOperationPayload, SpecialOperationType,
} from './dte-event.types';

async function readOrThrow<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
    throw err;
  }
}

@Resolver()
export class DteEventResolver {
  @Authorized('documents:write')
  @Mutation(() => DocumentReturnPayload, { description: 'Evento de retorno (CAT-002 18) sobre una FE, FEX o FSE procesada: líneas por numItem con la cantidad devuelta.' })
  async createDocumentReturn(
    @Arg('documentId', () => ID) documentId: string,
    @Arg('input', () => DocumentReturnInput) input: DocumentReturnInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentReturnPayload> {
    return runMutation(async () => ({ documentReturn: toDocumentReturn(await ctx.services.createDocumentReturn.execute(ctx.actor!, documentId, plain(input))) }));
  }

  @Authorized('documents:write')
  @Mutation(() => SpecialOperationPayload, { description: 'Evento de operaciones especiales (CAT-002 17) del emisor.' })
  async createSpecialOperation(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('input', () => SpecialOperationInput) input: SpecialOperationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SpecialOperationPayload> {
    return runMutation(async () => ({ specialOperation: toSpecialOperation(await ctx.services.createSpecialOperation.execute(ctx.actor!, emitterId, plain(input))) }));
  }

  @Authorized('documents:write')
  @Mutation(() => InvalidateDocumentReturnPayload, { description: 'Invalida un retorno sellado con el evento de invalidación del MH (sin reemplazo); el documento vuelve a admitir retornos y su invalidación.' })
  async invalidateDocumentReturn(
    @Arg('documentId', () => ID) documentId: string,
    @Arg('returnId', () => ID) returnId: string,
    @Arg('input', () => InvalidateDteEventInput) input: InvalidateDteEventInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvalidateDocumentReturnPayload> {
    return runMutation(async () => {
      const r = await ctx.services.invalidateDteEvent.execute(ctx.actor!, { kind: 'return', documentId, eventId: returnId }, plain(input));
      return { documentReturn: toDocumentReturn(r.event), outcome: r.outcome };
    });
  }

  @Authorized('documents:write')
  @Mutation(() => InvalidateSpecialOperationPayload, { description: 'Invalida un evento de operaciones especiales sellado con el evento de invalidación del MH (sin reemplazo).' })
  async invalidateSpecialOperation(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('eventId', () => ID) eventId: string,
    @Arg('input', () => InvalidateDteEventInput) input: InvalidateDteEventInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvalidateSpecialOperationPayload> {
    return runMutation(async () => {
      const r = await ctx.services.invalidateDteEvent.execute(ctx.actor!, { kind: 'special_operation', emitterId, eventId }, plain(input));
      return { specialOperation: toSpecialOperation(r.event), outcome: r.outcome };
    });
  }

  @Authorized('documents:read')
  @Query(() => DocumentReturnConnection, { description: 'Los retornos de un documento, del más reciente al más antiguo.', complexity: connectionComplexity })
  async documentReturns(@Arg('documentId', () => ID) documentId: string, @Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<DocumentReturnConnection> {
    const req = pageRequest(first, after);
    const page = await readOrThrow(() => ctx.services.listDteEvents.byDocument(ctx.actor!, documentId, { first: req.limit, after: req.startingAfter }));
    return toConnection({ data: page.nodes, hasMore: page.hasMore }, toDocumentReturn, (n) => n.id);
  }

  @Authorized('documents:read')
  @Query(() => DocumentReturnType, { nullable: true, description: 'Un retorno; null si no existe.' })
  async documentReturn(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<DocumentReturnType | null> {
    const v = await ctx.services.listDteEvents.get(ctx.actor!, id);
    return v && v.kind === 'return' ? toDocumentReturn(v) : null;
  }

  @Authorized('documents:read')
  @Query(() => SpecialOperationConnection, { description: 'Los eventos de operaciones especiales de un emisor, del más reciente al más antiguo.', complexity: connectionComplexity })
  async specialOperations(@Arg('emitterId', () => ID) emitterId: string, @Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<SpecialOperationConnection> {
    const req = pageRequest(first, after);
    const page = await readOrThrow(() => ctx.services.listDteEvents.byEmitter(ctx.actor!, emitterId, { first: req.limit, after: req.startingAfter }));
    return toConnection({ data: page.nodes, hasMore: page.hasMore }, toSpecialOperation, (n) => n.id);
  }

  @Authorized('documents:read')
  @Query(() => SpecialOperationType, { nullable: true, description: 'Un evento de operaciones especiales; null si no existe.' })
  async specialOperation(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SpecialOperationType | null> {
    const v = await ctx.services.listDteEvents.get(ctx.actor!, id);
    return v && v.kind === 'special_operation' ? toSpecialOperation(v) : null;
  }
}
