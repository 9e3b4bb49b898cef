import DataLoader from 'dataloader';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import { toWebhookAttempt, toWebhookDelivery } from './webhook.mapper';
import { WebhookAttemptType, WebhookDeliveryConnection, WebhookDeliveryPayload, WebhookDeliveryType } from './webhook.types';

/** Attempts of the deliveries of one operation, one query per operation. */
const attemptLoaders = new WeakMap<GraphQLContext, DataLoader<string, WebhookAttemptType[]>>();
function attemptsLoader(ctx: GraphQLContext): DataLoader<string, WebhookAttemptType[]> {
  let loader = attemptLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => (await ctx.services.listWebhookAttempts.execute(ids)).map((attempts) => attempts.map(toWebhookAttempt)));
    attemptLoaders.set(ctx, loader);
  }
  return loader;
}

@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryResolver {
  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryConnection, { nullable: true, description: 'Entregas de un endpoint, de la más reciente a la más antigua; null si el endpoint no existe.', complexity: connectionComplexity })
  async webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryConnection | null> {
    const endpoint = await ctx.services.getWebhookEndpoint.execute(ctx.actor!, endpointId);
    if (!endpoint) return null;
    const page = await ctx.services.listWebhookDeliveries.execute(ctx.actor!, endpointId, pageRequest(first, after));
    return toConnection(page, (d) => toWebhookDelivery(d), (n) => n.id);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryType, { nullable: true, description: 'Una entrega con sus intentos; null si no existe.' })
  async webhookDelivery(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryType | null> {
    const found = await ctx.services.getWebhookDelivery.execute(ctx.actor!, endpointId, id);
    return found ? toWebhookDelivery(found.delivery, found.attempts) : null;
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookDeliveryPayload, { description: 'Reenvía una entrega terminada (fallida o entregada): un nuevo ciclo de intentos con el mismo evento.' })
  async replayWebhookDelivery(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryPayload> {
    return runMutation(async () => ({ webhookDelivery: toWebhookDelivery(await ctx.services.replayWebhookDelivery.execute(ctx.actor!, endpointId, id)) }));
  }

  @FieldResolver(() => [WebhookAttemptType], { description: 'Intentos en orden.', complexity: 10 })
  async attempts(@Root() delivery: WebhookDeliveryType, @Ctx() ctx: GraphQLContext): Promise<WebhookAttemptType[]> {
    return delivery.attempts ?? attemptsLoader(ctx).load(delivery.id);
  }
}
