import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { toEstablishmentView } from '../../services/emitters/emitter-view';
import { PageArgs } from './emitter.resolver';
import {
  CreateEstablishmentInput,
  EstablishmentConnection,
  EstablishmentPayload,
  EstablishmentType,
  UpdateEstablishmentInput,
} from './establishment.types';

@Resolver(() => EstablishmentType)
export class EstablishmentResolver {
  @Authorized('emitters:read')
  @Query(() => EstablishmentType, { nullable: true })
  async establishment(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EstablishmentType | null> {
    const e = await ctx.services.getEstablishment.execute(ctx.actor!, emitterId, id);
    return e ? toEstablishmentView(e) : null;
  }

  @Authorized('emitters:read')
  @Query(() => EstablishmentConnection, { nullable: true, description: 'Establecimientos de un emisor; null si el emisor no existe.', complexity: connectionComplexity })
  async establishments(
    @Arg('emitterId', () => ID) emitterId: string,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EstablishmentConnection | null> {
    const emitter = await ctx.services.getEmitter.execute(ctx.actor!, emitterId);
    if (!emitter) return null;
    const page = await ctx.services.listEstablishments.execute(ctx.actor!, emitterId, pageRequest(first, after));
    return toConnection(page, toEstablishmentView, (n) => n.id);
  }

  @Authorized('emitters:write')
  @Mutation(() => EstablishmentPayload)
  async createEstablishment(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('input', () => CreateEstablishmentInput) input: CreateEstablishmentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EstablishmentPayload> {
    return runMutation(async () => ({
      establishment: toEstablishmentView(await ctx.services.createEstablishment.execute(ctx.actor!, emitterId, plain(input))),
    }));
  }

  @Authorized('emitters:write')
  @Mutation(() => EstablishmentPayload)
  async updateEstablishment(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateEstablishmentInput) input: UpdateEstablishmentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EstablishmentPayload> {
    return runMutation(async () => ({
      establishment: toEstablishmentView(await ctx.services.updateEstablishment.execute(ctx.actor!, emitterId, id, plain(input))),
    }));
  }
}
