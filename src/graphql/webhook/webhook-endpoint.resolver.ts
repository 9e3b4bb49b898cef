import { Arg, Args, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import { toWebhookEndpointView } from '../../services/webhooks/webhook-view';
import {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookEndpointConnection,
  WebhookEndpointPayload,
  WebhookEndpointType,
  WebhookTestPayload,
} from './webhook.types';

@Resolver(() => WebhookEndpointType)
export class WebhookEndpointResolver {
  @Authorized('webhooks:read')
  @Query(() => WebhookEndpointConnection, { description: 'Los endpoints de webhook del ambiente de la llave, del más reciente al más antiguo.', complexity: connectionComplexity })
  async webhookEndpoints(@Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpointConnection> {
    const page = await ctx.services.listWebhookEndpoints.execute(ctx.actor!, pageRequest(first, after));
    return toConnection(page, (e) => toWebhookEndpointView(e), (n) => n.id);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookEndpointType, { nullable: true, description: 'Un endpoint de webhook; null si no existe (o es de otra cuenta o ambiente).' })
  async webhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpointType | null> {
    const e = await ctx.services.getWebhookEndpoint.execute(ctx.actor!, id);
    return e ? toWebhookEndpointView(e) : null;
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookEndpointPayload, { description: 'Registra un endpoint; el secreto de firma se devuelve solo esta vez.' })
  async createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointPayload> {
    return runMutation(async () => {
      const { endpoint, secret } = await ctx.services.createWebhookEndpoint.execute(ctx.actor!, plain(input));
      return { webhookEndpoint: toWebhookEndpointView(endpoint, secret) };
    });
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookEndpointPayload, { description: 'Cambia url, events o disabled.' })
  async updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointPayload> {
    return runMutation(async () => ({ webhookEndpoint: toWebhookEndpointView(await ctx.services.updateWebhookEndpoint.execute(ctx.actor!, id, plain(input))) }));
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookEndpointPayload, { description: 'Elimina un endpoint con su historial de entregas; devuelve el endpoint eliminado.' })
  async deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpointPayload> {
    return runMutation(async () => ({ webhookEndpoint: toWebhookEndpointView(await ctx.services.deleteWebhookEndpoint.execute(ctx.actor!, id)) }));
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookTestPayload, { description: 'Envía un document.processed ficticio del ambiente 00, firmado, en un solo intento (sin reintentos).' })
  async testWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookTestPayload> {
    return runMutation(async () => ({ webhookTest: await ctx.services.testWebhookEndpoint.execute(ctx.actor!, id) }));
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookEndpointPayload, {
    description: 'Genera un secreto nuevo (devuelto solo esta vez). Con overlapS > 0 (hasta 86400) el anterior también firma (un segundo v1=) durante ese tiempo.',
  })
  async rollWebhookEndpointSecret(
    @Arg('id', () => ID) id: string,
    @Arg('overlapS', () => Int, { nullable: true }) overlapS: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookEndpointPayload> {
    return runMutation(async () => {
      const { endpoint, secret } = await ctx.services.rollWebhookEndpointSecret.execute(ctx.actor!, id, { overlapS: overlapS ?? undefined });
      return { webhookEndpoint: toWebhookEndpointView(endpoint, secret) };
    });
  }
}
