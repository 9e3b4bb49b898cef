import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PANEL_SESSION_ONLY } from '../common/auth-checker';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { runQuery } from '../common/run-query';
import { PageArgs } from '../emitter/emitter.resolver';
import { ApiKeyConnection, ApiKeyPayload, ApiKeyType, CreateApiKeyInput, CreateApiKeyPayload } from './api-key.types';

/** API keys from the panel: a session only (an API key gets SESSION_REQUIRED), within the user's role. */
@Resolver(() => ApiKeyType)
export class ApiKeyResolver {
  @Authorized(PANEL_SESSION_ONLY)
  @Query(() => ApiKeyConnection, { description: 'Las llaves de la cuenta en el ambiente de la sesión, de la más reciente a la más antigua (solo con sesión del panel).', complexity: connectionComplexity })
  async apiKeys(@Args() { first, after }: PageArgs, @Ctx() ctx: GraphQLContext): Promise<ApiKeyConnection> {
    return runQuery(async () => toConnection(await ctx.services.listAccountApiKeys.execute(ctx.actor!, pageRequest(first, after)), (k) => k, (n) => n.id));
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => CreateApiKeyPayload, { description: 'Crea una llave (propietario o miembro, con sesión del panel); la llave completa viene solo en esta respuesta.' })
  async createApiKey(@Arg('input', () => CreateApiKeyInput) input: CreateApiKeyInput, @Ctx() ctx: GraphQLContext): Promise<CreateApiKeyPayload> {
    return runMutation(async () => {
      const r = await ctx.services.createAccountApiKey.execute(ctx.actor!, plain(input));
      return { apiKey: r.apiKey, key: r.key };
    });
  }

  @Authorized(PANEL_SESSION_ONLY)
  @Mutation(() => ApiKeyPayload, { description: 'Revoca una llave del ambiente de la sesión: deja de funcionar de inmediato.' })
  async revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiKeyPayload> {
    return runMutation(async () => ({ apiKey: await ctx.services.revokeAccountApiKey.execute(ctx.actor!, id) }));
  }
}
