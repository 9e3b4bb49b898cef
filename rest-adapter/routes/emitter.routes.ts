import { createEmitterSchema, updateEmitterSchema } from '../../src/domain/emitter/emitter-input.schema';
import { idParam, listOf, paginationQuery } from '../query-schemas';
import { EMITTER_FIELDS, emitterResource, serializeEmitter } from '../resources/emitter.resource';
import type { RestRoute } from '../route';
import { toEmitter } from '../../src/graphql/emitter/emitter.mapper';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

/** GraphQL enums travel by name (PER_ESTABLISHMENT); REST uses the lower-case value. */
function emitterVariables(body: unknown): Record<string, unknown> {
  const b = { ...(body as Record<string, unknown>) };
  if (typeof b.numbering === 'string') b.numbering = b.numbering.toUpperCase();
  return b;
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
    operation: `mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    toVariables: ({ body }) => ({ input: emitterVariables(body) }),
    payloadField: 'createEmitter',
    fromResult: (data) => ({ body: serializeEmitter((data.createEmitter as Gql).emitter) }),
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
    operation: `query($first: Int, $after: String) { emitters(first: $first, after: $after) { nodes { ${EMITTER_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ query }) => ({ first: query.limit, after: query.starting_after ?? null }),
    fromResult: (data) => {
      const c = data.emitters as Gql;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeEmitter), has_more: c.pageInfo.hasNextPage } };
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
      return { body: serializeEmitter({ ...toEmitter(emitter), credentials }) };
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
    operation: `mutation($id: ID!, $input: UpdateEmitterInput!) { updateEmitter(id: $id, input: $input) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    toVariables: ({ params, body }) => ({ id: params.id, input: emitterVariables(body) }),
    payloadField: 'updateEmitter',
    fromResult: (data) => ({ body: serializeEmitter((data.updateEmitter as Gql).emitter) }),
  },
];
