import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import {
  CreateRecurringDocumentInput,
  RecurringDocumentConnection,
  RecurringDocumentPayload,
  RecurringDocumentType,
  RecurringOccurrenceConnection,
} from './recurring-document.types';

@Resolver(() => RecurringDocumentType)
export class RecurringDocumentResolver {
  @Authorized('documents:read')
  @Query(() => RecurringDocumentConnection, { description: 'Los documentos recurrentes de un emisor en el ambiente de la llave, del más reciente al más antiguo.', complexity: connectionComplexity })
  async recurringDocuments(@Arg('emitterId', () => ID) emitterId: string, @Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentConnection> {
    const page = await ctx.services.listRecurringDocuments.execute(ctx.actor!, emitterId, pageRequest(first, after));
    return toConnection(page, (v) => v, (n) => n.id);
  }

  @Authorized('documents:read')
  @Query(() => RecurringDocumentType, { nullable: true, description: 'Un documento recurrente; null si no existe (o es de otra cuenta o ambiente, o se eliminó).' })
  async recurringDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentType | null> {
    const v = await ctx.services.getRecurringDocument.execute(ctx.actor!, id);
    return v;
  }

  @Authorized('documents:read')
  @Query(() => RecurringOccurrenceConnection, { description: 'Las emisiones de un documento recurrente, de la más reciente a la más antigua: su documento o su rechazo.', complexity: connectionComplexity })
  async recurringOccurrences(@Arg('recurringDocumentId', () => ID) recurringDocumentId: string, @Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<RecurringOccurrenceConnection> {
    const page = await ctx.services.listRecurringOccurrences.execute(ctx.actor!, recurringDocumentId, pageRequest(first, after));
    return toConnection(page, (v) => v, (n) => n.id);
  }

  @Authorized('documents:write')
  @Mutation(() => RecurringDocumentPayload, { description: 'Crea un documento recurrente; la plantilla se valida con una simulación de la emisión (nada se guarda si se rechaza).' })
  async createRecurringDocument(@Arg('input', () => CreateRecurringDocumentInput) input: CreateRecurringDocumentInput, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentPayload> {
    return runMutation(async () => {
      const { emitterId, ...body } = plain(input) as { emitterId: string } & Record<string, unknown>;
      return { recurringDocument: await ctx.services.createRecurringDocument.execute(ctx.actor!, emitterId, body) };
    });
  }

  @Authorized('documents:write')
  @Mutation(() => RecurringDocumentPayload, { description: 'Pausa un documento recurrente: no se emite nada mientras tanto.' })
  async pauseRecurringDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentPayload> {
    return runMutation(async () => ({ recurringDocument: await ctx.services.pauseRecurringDocument.execute(ctx.actor!, id) }));
  }

  @Authorized('documents:write')
  @Mutation(() => RecurringDocumentPayload, { description: 'Reanuda un documento recurrente desde hoy; las fechas que cayeron durante la pausa no se emiten.' })
  async resumeRecurringDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentPayload> {
    return runMutation(async () => ({ recurringDocument: await ctx.services.resumeRecurringDocument.execute(ctx.actor!, id) }));
  }

  @Authorized('documents:write')
  @Mutation(() => RecurringDocumentPayload, { description: 'Elimina un documento recurrente (sus documentos emitidos se conservan); devuelve el eliminado.' })
  async deleteRecurringDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<RecurringDocumentPayload> {
    return runMutation(async () => ({ recurringDocument: await ctx.services.deleteRecurringDocument.execute(ctx.actor!, id) }));
  }
}
