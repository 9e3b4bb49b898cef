import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { runQuery } from '../common/run-query';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { CreatePeriodArchiveInput, CreatePeriodArchivePayload, PeriodArchiveConnection, PeriodArchiveType } from './period-archive.types';

/** Period archives over the same services as the REST routes; the file stays behind a signed link (`downloadUrl`). */
@Resolver(() => PeriodArchiveType)
export class PeriodArchiveResolver {
  @Authorized('fiscal:read')
  @Mutation(() => CreatePeriodArchivePayload, { description: 'Pide el archivo de un mes del emisor; se genera en segundo plano (status QUEUED → RUNNING → READY, documentsDone / documentsTotal; webhook archive.ready).' })
  async createPeriodArchive(@Arg('input', () => CreatePeriodArchiveInput) input: CreatePeriodArchiveInput, @Ctx() ctx: GraphQLContext): Promise<CreatePeriodArchivePayload> {
    return runMutation(async () => {
      const { emitterId, ...fields } = plain(input) as Record<string, unknown> & { emitterId: string };
      const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
      return { periodArchive: await ctx.services.requestPeriodArchive.execute(ctx.actor!, emitterId, body) } as never;
    });
  }

  @Authorized('fiscal:read')
  @Query(() => PeriodArchiveType, { nullable: true, description: 'Un archivo del período; null si no existe (o es de otra cuenta o ambiente).' })
  async periodArchive(@Arg('emitterId', () => ID) emitterId: string, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PeriodArchiveType | null> {
    return runQuery(() => ctx.services.getPeriodArchive.execute(ctx.actor!, emitterId, id));
  }

  @Authorized('fiscal:read')
  @Query(() => PeriodArchiveConnection, { description: 'Archivos del período del emisor, del más reciente al más antiguo.', complexity: connectionComplexity })
  async periodArchives(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('first', () => Int, { nullable: true, description: '1–100 (predeterminado 20).' }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PeriodArchiveConnection> {
    const page = pageRequest(first, after);
    return runQuery(async () => toConnection(await ctx.services.listPeriodArchives.execute(ctx.actor!, emitterId, page), (v) => v, (v) => v.id) as never);
  }

  @Authorized('fiscal:read')
  @FieldResolver(() => String, { description: 'Enlace firmado nuevo y de corta duración (DOWNLOAD_URL_TTL_S) al ZIP; no requiere llave de API. Error ARCHIVE_NOT_READY si no está listo.' })
  async downloadUrl(@Root() archive: PeriodArchiveType, @Ctx() ctx: GraphQLContext): Promise<string> {
    return runQuery(async () => (await ctx.services.periodArchiveFiles.createDownloadLink(ctx.actor!, archive.emitterId, archive.id)).url);
  }
}
