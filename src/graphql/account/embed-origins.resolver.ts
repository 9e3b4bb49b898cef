import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { runQuery } from '../common/run-query';
import { EmbedOriginsPayload, EmbedOriginsType, SetEmbedOriginsInput } from './embed-origins.types';

/** The account's embed origins from the panel: any user reads them, the owner changes them. */
@Resolver(() => EmbedOriginsType)
export class EmbedOriginsResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => EmbedOriginsType, { description: 'Los orígenes que pueden incrustar las vistas de solo lectura de la cuenta (solo con sesión del panel).' })
  async embedOrigins(@Ctx() ctx: GraphQLContext): Promise<EmbedOriginsType> {
    return runQuery(() => ctx.services.getEmbedOrigins.execute(ctx.actor!));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => EmbedOriginsPayload, { description: 'Reemplaza los orígenes que pueden incrustar las vistas de solo lectura (propietario, con sesión del panel). Queda en la auditoría.' })
  async setEmbedOrigins(@Arg('input', () => SetEmbedOriginsInput) input: SetEmbedOriginsInput, @Ctx() ctx: GraphQLContext): Promise<EmbedOriginsPayload> {
    return runMutation(async () => ({ embedOrigins: await ctx.services.setEmbedOrigins.forActor(ctx.actor!, plain(input)) }));
  }
}
