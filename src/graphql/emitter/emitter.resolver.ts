import { Arg, Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { toCredentialStatusView, toEmitterView, toEstablishmentView } from '../../services/emitters/emitter-view';
import { CreateEmitterInput, CredentialStatusType, EmitterConnection, EmitterPayload, EmitterType, UpdateEmitterInput } from './emitter.types';
import { EstablishmentType } from './establishment.types';

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Elementos por página, 1–100 (predeterminado 20).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Cursor: el id del último elemento visto.' })
  after?: string | null;
}

@Resolver(() => EmitterType)
export class EmitterResolver {
  @Authorized('emitters:read')
  @Query(() => EmitterType, { nullable: true, description: 'Un emisor de la cuenta; null si no existe (o es de otra cuenta).' })
  async emitter(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<EmitterType | null> {
    const e = await ctx.services.getEmitter.execute(ctx.actor!, id);
    return e ? toEmitterView(e) : null;
  }

  @Authorized('emitters:read')
  @Query(() => EmitterConnection, { description: 'Los emisores de la cuenta, del más reciente al más antiguo.', complexity: connectionComplexity })
  async emitters(@Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<EmitterConnection> {
    const page = await ctx.services.listEmitters.execute(ctx.actor!, pageRequest(first, after));
    return toConnection(page, toEmitterView, (n) => n.id);
  }

  @Authorized('emitters:write')
  @Mutation(() => EmitterPayload)
  async createEmitter(@Arg('input', () => CreateEmitterInput) input: CreateEmitterInput, @Ctx() ctx: GraphQLContext): Promise<EmitterPayload> {
    return runMutation(async () => ({ emitter: toEmitterView(await ctx.services.createEmitter.execute(ctx.actor!, plain(input))) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => EmitterPayload)
  async updateEmitter(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateEmitterInput) input: UpdateEmitterInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EmitterPayload> {
    return runMutation(async () => ({ emitter: toEmitterView(await ctx.services.updateEmitter.execute(ctx.actor!, id, plain(input))) }));
  }

  @FieldResolver(() => [CredentialStatusType], { description: 'Estado de las credenciales por ambiente (los secretos nunca se devuelven).' })
  async credentials(@Root() emitter: EmitterType, @Ctx() ctx: GraphQLContext): Promise<CredentialStatusType[]> {
    return (await ctx.loaders.credentialsByEmitter.load(emitter.id)).map(toCredentialStatusView);
  }

  @FieldResolver(() => [EstablishmentType], { description: 'Establecimientos del emisor, en orden de creación.', complexity: 10 })
  async establishments(@Root() emitter: EmitterType, @Ctx() ctx: GraphQLContext): Promise<EstablishmentType[]> {
    return (await ctx.loaders.establishmentsByEmitter.load(emitter.id)).map(toEstablishmentView);
  }
}
