import { z } from 'zod';
import { createEstablishmentSchema, updateEstablishmentSchema } from '../../src/domain/emitter/establishment-input.schema';
import { idParam, listOf, paginationQuery } from '../query-schemas';
import { ESTABLISHMENT_FIELDS, establishmentResource, serializeEstablishment } from '../resources/emitter.resource';
import type { RestRoute } from '../route';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

const bothIds = z.object({
  id: z.string().max(64).describe('Id del emisor'),
  establishment_id: z.string().max(64).describe('Id del establecimiento'),
});

export const establishmentRoutes: RestRoute[] = [
  {
    id: 'createEstablishment',
    method: 'POST',
    path: '/v1/emitters/:id/establishments',
    status: 201,
    refusals: ['establishment_code_taken'],
    tag: 'Establecimientos',
    summary: 'Crea un establecimiento del emisor, con sus puntos de venta.',
    scope: 'emitters:write',
    params: idParam('id', 'Id del emisor'),
    body: { schema: createEstablishmentSchema, required: true, graphqlInput: 'CreateEstablishmentInput' },
    response: establishmentResource,
    operation: `mutation($emitterId: ID!, $input: CreateEstablishmentInput!) { createEstablishment(emitterId: $emitterId, input: $input) { establishment { ${ESTABLISHMENT_FIELDS} } errors { field code message } } }`,
    toVariables: ({ params, body }) => ({ emitterId: params.id, input: body }),
    payloadField: 'createEstablishment',
    fromResult: (data) => ({ body: serializeEstablishment((data.createEstablishment as Gql).establishment) }),
  },
  {
    id: 'listEstablishments',
    method: 'GET',
    path: '/v1/emitters/:id/establishments',
    status: 200,
    tag: 'Establecimientos',
    summary: 'Lista los establecimientos del emisor en orden de creación.',
    scope: 'emitters:read',
    params: idParam('id', 'Id del emisor'),
    query: paginationQuery,
    response: listOf(establishmentResource),
    operation: `query($emitterId: ID!, $first: Int, $after: String) { establishments(emitterId: $emitterId, first: $first, after: $after) { nodes { ${ESTABLISHMENT_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ params, query }) => ({ emitterId: params.id, first: query.limit, after: query.starting_after ?? null }),
    fromResult: (data) => {
      const c = data.establishments as Gql | null;
      if (!c) return null;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeEstablishment), has_more: c.pageInfo.hasNextPage } };
    },
  },
  {
    id: 'getEstablishment',
    method: 'GET',
    path: '/v1/emitters/:id/establishments/:establishment_id',
    status: 200,
    tag: 'Establecimientos',
    summary: 'Obtiene un establecimiento del emisor.',
    scope: 'emitters:read',
    params: bothIds,
    response: establishmentResource,
    operation: `query($emitterId: ID!, $id: ID!) { establishment(emitterId: $emitterId, id: $id) { ${ESTABLISHMENT_FIELDS} } }`,
    toVariables: ({ params }) => ({ emitterId: params.id, id: params.establishment_id }),
    fromResult: (data) => (data.establishment ? { body: serializeEstablishment(data.establishment as Gql) } : null),
  },
  {
    id: 'updateEstablishment',
    method: 'PATCH',
    path: '/v1/emitters/:id/establishments/:establishment_id',
    status: 200,
    refusals: ['establishment_code_taken'],
    tag: 'Establecimientos',
    summary: 'Actualiza un establecimiento; `points_of_sale` reemplaza la lista completa (un punto de venta con documentos queda inactivo, no se borra).',
    scope: 'emitters:write',
    params: bothIds,
    body: { schema: updateEstablishmentSchema, required: true, graphqlInput: 'UpdateEstablishmentInput' },
    response: establishmentResource,
    operation: `mutation($emitterId: ID!, $id: ID!, $input: UpdateEstablishmentInput!) { updateEstablishment(emitterId: $emitterId, id: $id, input: $input) { establishment { ${ESTABLISHMENT_FIELDS} } errors { field code message } } }`,
    toVariables: ({ params, body }) => ({ emitterId: params.id, id: params.establishment_id, input: body }),
    payloadField: 'updateEstablishment',
    fromResult: (data) => ({ body: serializeEstablishment((data.updateEstablishment as Gql).establishment) }),
  },
];
