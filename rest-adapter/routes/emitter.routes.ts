import { createEmitterSchema, updateEmitterSchema } from '../../src/domain/emitter/emitter-input.schema';
import type { GraphQLContext } from '../../src/graphql/common/context';
import { idParam, listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import { emitterResource, serializeEmitter } from '../resources/emitter.resource';
import type { RestRoute } from '../route';
import { toEmitterWithCredentialsView, type EmitterRecord } from '../../src/services/emitters/emitter-view';

/** An emitter as its resource, with its credentials' status (what the GraphQL field `credentials` resolves). */
async function emitterBody(emitter: EmitterRecord, ctx: GraphQLContext) {
  const [credentials] = await ctx.services.listCredentialsByEmitter.execute([emitter.id]);
  return serializeEmitter(toEmitterWithCredentialsView(emitter, credentials));
}

export const emitterRoutes: RestRoute[] = [
  {
    id: 'createEmitter',
    method: 'POST',
    path: '/v1/emitters',
    status: 201,
    refusals: ['emitter_nit_taken'],
    tag: 'Emisores',
    summary: 'Crea un emisor (contribuyente).',
    scope: 'emitters:write',
    body: { schema: createEmitterSchema, required: true, graphqlInput: 'CreateEmitterInput' },
    response: emitterResource,
    call: async ({ body }, ctx) => ({ body: await emitterBody(await ctx.services.createEmitter.execute(ctx.actor!, body), ctx) }),
  },
  {
    id: 'listEmitters',
    method: 'GET',
    path: '/v1/emitters',
    status: 200,
    tag: 'Emisores',
    summary: 'Lista los emisores de la cuenta, del más reciente al más antiguo.',
    scope: 'emitters:read',
    query: paginationQuery,
    response: listOf(emitterResource),
    refusalAs: 'query',
    call: async ({ query }, ctx) => {
      const page = await ctx.services.listEmitters.execute(ctx.actor!, pageOf(query));
      // One read of the page's credentials, as the GraphQL field's loader batches them.
      const credentials = await ctx.services.listCredentialsByEmitter.execute(page.data.map((e) => e.id));
      return { body: listBody({ data: page.data.map((e, i) => toEmitterWithCredentialsView(e, credentials[i])), hasMore: page.hasMore }, serializeEmitter) };
    },
  },
  {
    id: 'getEmitter',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id',
    status: 200,
    tag: 'Emisores',
    summary: 'Obtiene un emisor de la cuenta.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    response: emitterResource,
    call: async ({ params }, ctx) => {
      // Both reads at once (one round trip of waiting, not two); another account's credentials are read but never answered.
      const [emitter, [credentials]] = await Promise.all([ctx.services.getEmitter.execute(ctx.actor!, params.id), ctx.services.listCredentialsByEmitter.execute([params.id])]);
      if (!emitter) return null;
      return { body: serializeEmitter(toEmitterWithCredentialsView(emitter, credentials)) };
    },
  },
  {
    id: 'updateEmitter',
    method: 'PATCH',
    path: '/v1/emitters/:id',
    status: 200,
    refusals: ['emitter_nit_taken'],
    tag: 'Emisores',
    summary: 'Actualiza un emisor: los campos enviados reemplazan los guardados (la dirección completa).',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: updateEmitterSchema, required: true, graphqlInput: 'UpdateEmitterInput' },
    response: emitterResource,
    call: async ({ params, body }, ctx) => ({ body: await emitterBody(await ctx.services.updateEmitter.execute(ctx.actor!, params.id, body), ctx) }),
  },
];
