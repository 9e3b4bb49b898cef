import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { DomainError } from '../../domain/shared/domain-error';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { serviceError, unauthenticated } from '../common/graphql-errors';
import { PageArgs } from '../emitter/emitter.resolver';
import { documentStatusStream } from './document-status.subscription';
import type { GraphQLContext } from '../common/context';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { DocumentCreateInput, DocumentFilterInput, InvalidateDocumentInput, SendDocumentInput } from './document.inputs';
import { toDocument } from './document.mapper';
import { DocumentConnection, DocumentPayload, DocumentType, InvalidateDocumentPayload, IssueModeGql, RetryDocumentPayload, SendDocumentPayload } from './document.types';

@Resolver(() => DocumentType)
export class DocumentResolver {
  @Authorized('documents:read')
  @Query(() => DocumentType, { nullable: true, description: 'Un documento del ambiente de la llave; null si no existe.' })
  async document(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<DocumentType | null> {
    const v = await ctx.services.getDocument.execute(ctx.actor!, id);
    return v ? toDocument(v) : null;
  }

  @Authorized('documents:read')
  @Query(() => DocumentConnection, { description: 'Documentos del ambiente de la llave, del más reciente al más antiguo, con filtros.', complexity: connectionComplexity })
  async documents(
    @Arg('filter', () => DocumentFilterInput, { nullable: true }) filter: DocumentFilterInput | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentConnection> {
    try {
      const page = await ctx.services.listDocuments.execute(ctx.actor!, filter ? plain(filter) : {}, pageRequest(first, after));
      return toConnection(page, toDocument, (n) => n.id!);
    } catch (err) {
      if (err instanceof DomainError) throw serviceError(err.code, err.message, { field: err.errors[0]?.path ?? null });
      throw err;
    }
  }

  @Authorized('documents:read')
  @Subscription(() => DocumentType, {
    description: 'Se emite cada vez que cambia el estado de un documento (por id o por emisor) del ambiente de la llave, aunque el cambio ocurra en otro proceso.',
    subscribe: ({ args, context }) => {
      const ctx = context as GraphQLContext;
      if (!ctx.actor) throw unauthenticated();
      return documentStatusStream(ctx, ctx.actor, { id: (args.id as string | null) ?? null, emitterId: (args.emitterId as string | null) ?? null });
    },
  })
  documentStatusChanged(
    @Root() document: DocumentType,
    @Arg('id', () => ID, { nullable: true }) _id: string | null,
    @Arg('emitterId', () => ID, { nullable: true }) _emitterId: string | null,
  ): DocumentType {
    return document;
  }

  @Authorized('documents:write')
  @Mutation(() => DocumentPayload, { description: 'Emite un documento (o lo simula con dryRun: nada se guarda ni se gasta).' })
  async issueDocument(
    @Arg('input', () => DocumentCreateInput) input: DocumentCreateInput,
    @Arg('mode', () => IssueModeGql, { nullable: true, defaultValue: IssueModeGql.SYNC }) mode: IssueModeGql,
    @Arg('dryRun', () => Boolean, { nullable: true, defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentPayload> {
    return runMutation(async () => ({
      document: toDocument(await ctx.services.issueDocument.execute(ctx.actor!, plain(input), { dryRun, mode })),
    }));
  }

  @Authorized('documents:write')
  @Mutation(() => RetryDocumentPayload, { description: 'Reintenta la transmisión; con input corrige un documento rechazado (24 h con el mismo código, luego uno nuevo).' })
  async retryDocument(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => DocumentCreateInput, { nullable: true }) input: DocumentCreateInput | null,
    @Arg('mode', () => IssueModeGql, { nullable: true, defaultValue: IssueModeGql.SYNC }) mode: IssueModeGql,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RetryDocumentPayload> {
    return runMutation(async () => {
      const r = await ctx.services.retryDocument.execute(ctx.actor!, id, input ? plain(input) : undefined, { mode });
      return { document: toDocument(r.document), replaced: r.replaced };
    });
  }

  @Authorized('documents:invalidate')
  @Mutation(() => InvalidateDocumentPayload, { description: 'Invalida (anula) un documento procesado con el evento de invalidación del MH.' })
  async invalidateDocument(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => InvalidateDocumentInput) input: InvalidateDocumentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvalidateDocumentPayload> {
    return runMutation(async () => {
      const r = await ctx.services.invalidateDocument.execute(ctx.actor!, id, plain(input));
      return { document: toDocument(r.document), outcome: r.outcome };
    });
  }

  @Authorized('documents:write')
  @Mutation(() => SendDocumentPayload, { description: 'Envía por correo el PDF y el JSON de un documento procesado (o invalidado): a input.to, o al correo del receptor. Queda en cola; el resultado aparece en events (email_sent / email_failed) y en el webhook document.delivered.' })
  async sendDocument(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SendDocumentInput, { nullable: true }) input: SendDocumentInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SendDocumentPayload> {
    return runMutation(async () => {
      const email = await ctx.services.sendDocumentEmail.execute(ctx.actor!, id, input ? plain(input) : {});
      const doc = await ctx.services.getDocument.execute(ctx.actor!, id);
      return { email, document: doc ? toDocument(doc) : null };
    });
  }
}
