import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { toDocumentBatch } from './document-batch.mapper';
import { DocumentBatchInput, DocumentBatchPayload } from './document-batch.types';

@Resolver()
export class DocumentBatchResolver {
  @Authorized('documents:write')
  @Mutation(() => DocumentBatchPayload, {
    description:
      'Emite hasta 100 documentos en una solicitud (modo async: cada uno queda firmado y su transmisión sigue). Requiere el encabezado Idempotency-Key: repetir el lote con la misma llave devuelve los mismos resultados y no emite nada dos veces. Con dryRun simula cada documento y no guarda nada.',
  })
  async createDocumentBatch(
    @Arg('input', () => DocumentBatchInput) input: DocumentBatchInput,
    @Arg('dryRun', () => Boolean, { nullable: true, defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentBatchPayload> {
    return runMutation(async () => ({
      batch: toDocumentBatch(await ctx.services.issueDocumentBatch.execute(ctx.actor!, input.documents.map((d) => plain(d)), { dryRun })),
    }));
  }
}
