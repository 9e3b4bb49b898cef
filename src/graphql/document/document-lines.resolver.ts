import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { DocumentIssuedLines } from '../../domain/documents';
import type { GraphQLContext } from '../common/context';
import { DocumentItemType, DocumentPaymentType } from './document-lines.types';
import { DocumentType } from './document.types';

/** The lines of the documents of one operation that did not bring them (list nodes, subscription events): one query. */
const lineLoaders = new WeakMap<GraphQLContext, DataLoader<string, DocumentIssuedLines | null>>();
function linesLoader(ctx: GraphQLContext): DataLoader<string, DocumentIssuedLines | null> {
  let loader = lineLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((ids) => ctx.services.listDocumentLines.execute(ctx.actor!, ids));
    lineLoaders.set(ctx, loader);
  }
  return loader;
}

const NONE: DocumentIssuedLines = { items: [], payment: null };

async function linesOf(doc: DocumentType, ctx: GraphQLContext): Promise<DocumentIssuedLines> {
  if (doc.items !== undefined) return { items: doc.items, payment: doc.payment ?? null };
  if (!doc.id || !ctx.actor) return NONE;
  return (await linesLoader(ctx).load(doc.id)) ?? NONE;
}

/** `Document.items` and `Document.payment`: as issued (the signed JSON), read only when asked for. */
@Resolver(() => DocumentType)
export class DocumentLinesResolver {
  @FieldResolver(() => [DocumentItemType], { description: 'Las líneas tal como se emitieron (del JSON firmado; una corrección posterior no las cambia).' })
  async items(@Root() doc: DocumentType, @Ctx() ctx: GraphQLContext): Promise<DocumentItemType[]> {
    return (await linesOf(doc, ctx)).items;
  }

  @FieldResolver(() => DocumentPaymentType, { nullable: true, description: 'Condición de la operación y formas de pago tal como se emitieron; null en los tipos que no las llevan (NC, ND, CR…).' })
  async payment(@Root() doc: DocumentType, @Ctx() ctx: GraphQLContext): Promise<DocumentPaymentType | null> {
    return (await linesOf(doc, ctx)).payment;
  }
}
