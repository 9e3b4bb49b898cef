import { z } from 'zod';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../src/domain/webhooks/webhook-endpoint-input.schema';
import { listOf, paginationQuery } from '../query-schemas';
import {
  serializeWebhookDelivery,
  serializeWebhookDeliveryDetail,
  serializeWebhookEndpoint,
  WEBHOOK_ATTEMPT_FIELDS,
  WEBHOOK_DELIVERY_FIELDS,
  WEBHOOK_ENDPOINT_FIELDS,
  webhookDeliveryDetailResource,
  webhookDeliveryResource,
  webhookEndpointResource,
  webhookTestResource,
} from '../resources/webhook.resource';
import type { RestRoute } from '../route';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

const TAG = 'Webhooks';
const ERRORS = 'errors { field code message }';
const endpointParam = z.object({ id: z.string().max(64).describe('Id del endpoint (we_…)') });
const deliveryParams = endpointParam.extend({ delivery_id: z.string().max(64).describe('Id de la entrega (dlv_…)') });

export const webhookRoutes: RestRoute[] = [
  {
    id: 'createWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints',
    status: 201,
    // resource_not_found: a retry after a crash whose endpoint was deleted since (ADR 0020).
    refusals: ['webhook_url_not_allowed', 'unknown_event_type', 'resource_not_found'],
    tag: TAG,
    summary: 'Registra un endpoint de webhook (URL https pública); el secreto de firma se devuelve solo en esta respuesta.',
    description:
      'El endpoint pertenece a la cuenta y al ambiente de la llave: con `sk_test_` recibe solo eventos `00`, con `sk_live_` solo `01`. `events`: nombres de la tabla de eventos o `"*"`. La URL se resuelve ahora y en cada entrega; se rechazan direcciones de loopback, privadas, link-local, de metadatos, etc.',
    scope: 'webhooks:write',
    body: { schema: createWebhookEndpointSchema, required: true, graphqlInput: 'CreateWebhookEndpointInput' },
    response: webhookEndpointResource,
    operation: `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { ${WEBHOOK_ENDPOINT_FIELDS} } ${ERRORS} } }`,
    toVariables: ({ body }) => ({ input: body }),
    payloadField: 'createWebhookEndpoint',
    fromResult: (data) => ({ body: serializeWebhookEndpoint((data.createWebhookEndpoint as Gql).webhookEndpoint) }),
  },
  {
    id: 'listWebhookEndpoints',
    method: 'GET',
    path: '/v1/webhook-endpoints',
    status: 200,
    tag: TAG,
    summary: 'Lista los endpoints de webhook del ambiente de la llave, del más reciente al más antiguo.',
    scope: 'webhooks:read',
    query: paginationQuery,
    response: listOf(webhookEndpointResource),
    operation: `query($first: Int, $after: String) { webhookEndpoints(first: $first, after: $after) { nodes { ${WEBHOOK_ENDPOINT_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ query }) => ({ first: query.limit, after: query.starting_after ?? null }),
    fromResult: (data) => {
      const c = data.webhookEndpoints as Gql;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeWebhookEndpoint), has_more: c.pageInfo.hasNextPage } };
    },
  },
  {
    id: 'getWebhookEndpoint',
    method: 'GET',
    path: '/v1/webhook-endpoints/:id',
    status: 200,
    tag: TAG,
    summary: 'Obtiene un endpoint de webhook (sin su secreto).',
    scope: 'webhooks:read',
    params: endpointParam,
    response: webhookEndpointResource,
    operation: `query($id: ID!) { webhookEndpoint(id: $id) { ${WEBHOOK_ENDPOINT_FIELDS} } }`,
    toVariables: ({ params }) => ({ id: params.id }),
    fromResult: (data) => (data.webhookEndpoint ? { body: serializeWebhookEndpoint(data.webhookEndpoint as Gql) } : null),
  },
  {
    id: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/v1/webhook-endpoints/:id',
    status: 200,
    refusals: ['webhook_url_not_allowed', 'unknown_event_type'],
    tag: TAG,
    summary: 'Actualiza url, events o disabled de un endpoint de webhook.',
    description: 'Un endpoint deshabilitado no recibe entregas nuevas; sus entregas pendientes terminan como fallidas.',
    scope: 'webhooks:write',
    params: endpointParam,
    body: { schema: updateWebhookEndpointSchema, required: true, graphqlInput: 'UpdateWebhookEndpointInput' },
    response: webhookEndpointResource,
    operation: `mutation($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { webhookEndpoint { ${WEBHOOK_ENDPOINT_FIELDS} } ${ERRORS} } }`,
    toVariables: ({ params, body }) => ({ id: params.id, input: body }),
    payloadField: 'updateWebhookEndpoint',
    fromResult: (data) => ({ body: serializeWebhookEndpoint((data.updateWebhookEndpoint as Gql).webhookEndpoint) }),
  },
  {
    id: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/v1/webhook-endpoints/:id',
    status: 204,
    tag: TAG,
    summary: 'Elimina un endpoint de webhook con su historial de entregas (sin cuerpo en la respuesta).',
    scope: 'webhooks:write',
    params: endpointParam,
    response: null,
    operation: `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { webhookEndpoint { id } ${ERRORS} } }`,
    toVariables: ({ params }) => ({ id: params.id }),
    payloadField: 'deleteWebhookEndpoint',
    fromResult: () => ({ body: null, status: 204 }),
  },
  {
    id: 'testWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/test',
    status: 200,
    tag: TAG,
    summary: 'Envía un evento de prueba: un document.processed ficticio del ambiente 00, firmado como uno real, en un solo intento.',
    description: 'Responde `{event_id, status}` con el estado HTTP que devolvió el receptor (0 si no respondió). Una prueba fallida no se reintenta.',
    scope: 'webhooks:write',
    params: endpointParam,
    response: webhookTestResource,
    operation: `mutation($id: ID!) { testWebhookEndpoint(id: $id) { webhookTest { eventId status } ${ERRORS} } }`,
    toVariables: ({ params }) => ({ id: params.id }),
    payloadField: 'testWebhookEndpoint',
    fromResult: (data) => {
      const r = (data.testWebhookEndpoint as Gql).webhookTest;
      return { body: { event_id: r.eventId, status: r.status } };
    },
  },
  {
    id: 'rollWebhookEndpointSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/roll-secret',
    status: 200,
    tag: TAG,
    summary: 'Genera un secreto de firma nuevo (devuelto solo en esta respuesta).',
    description:
      'Desde ahora firma el secreto nuevo. Con `overlap_s` (hasta 86400) el secreto anterior sigue firmando durante ese tiempo: `Service-Signature` lleva un segundo `v1=`.',
    scope: 'webhooks:write',
    params: endpointParam,
    body: { schema: rollWebhookSecretSchema, required: false, graphqlMutation: { field: 'rollWebhookEndpointSecret' }, graphqlPathFields: { id: 'id' } },
    response: webhookEndpointResource,
    operation: `mutation($id: ID!, $overlapS: Int) { rollWebhookEndpointSecret(id: $id, overlapS: $overlapS) { webhookEndpoint { ${WEBHOOK_ENDPOINT_FIELDS} } ${ERRORS} } }`,
    toVariables: ({ params, body }) => ({ id: params.id, overlapS: (body as { overlapS?: number | null } | undefined)?.overlapS ?? null }),
    payloadField: 'rollWebhookEndpointSecret',
    fromResult: (data) => ({ body: serializeWebhookEndpoint((data.rollWebhookEndpointSecret as Gql).webhookEndpoint) }),
  },
  {
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhook-endpoints/:id/deliveries',
    status: 200,
    tag: TAG,
    summary: 'Lista las entregas de un endpoint, de la más reciente a la más antigua.',
    scope: 'webhooks:read',
    params: endpointParam,
    query: paginationQuery,
    response: listOf(webhookDeliveryResource),
    operation: `query($endpointId: ID!, $first: Int, $after: String) { webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) { nodes { ${WEBHOOK_DELIVERY_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ params, query }) => ({ endpointId: params.id, first: query.limit, after: query.starting_after ?? null }),
    fromResult: (data) => {
      const c = data.webhookDeliveries as Gql | null;
      if (!c) return null;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeWebhookDelivery), has_more: c.pageInfo.hasNextPage } };
    },
  },
  {
    id: 'getWebhookDelivery',
    method: 'GET',
    path: '/v1/webhook-endpoints/:id/deliveries/:delivery_id',
    status: 200,
    tag: TAG,
    summary: 'Obtiene una entrega con todos sus intentos (estado HTTP, duración, error y extracto de la respuesta).',
    scope: 'webhooks:read',
    params: deliveryParams,
    response: webhookDeliveryDetailResource,
    operation: `query($endpointId: ID!, $id: ID!) { webhookDelivery(endpointId: $endpointId, id: $id) { ${WEBHOOK_DELIVERY_FIELDS} attempts { ${WEBHOOK_ATTEMPT_FIELDS} } } }`,
    toVariables: ({ params }) => ({ endpointId: params.id, id: params.delivery_id }),
    fromResult: (data) => (data.webhookDelivery ? { body: serializeWebhookDeliveryDetail(data.webhookDelivery as Gql) } : null),
  },
  {
    id: 'replayWebhookDelivery',
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/deliveries/:delivery_id/replay',
    status: 202,
    refusals: ['webhook_delivery_not_replayable'],
    tag: TAG,
    summary: 'Reenvía una entrega terminada (fallida, o entregada para repetirla): un nuevo ciclo de intentos con el mismo evento y los mismos bytes.',
    description: 'Una entrega todavía pendiente o un evento de prueba responden 409 `webhook_delivery_not_replayable`.',
    scope: 'webhooks:write',
    params: deliveryParams,
    response: webhookDeliveryResource,
    operation: `mutation($endpointId: ID!, $id: ID!) { replayWebhookDelivery(endpointId: $endpointId, id: $id) { webhookDelivery { ${WEBHOOK_DELIVERY_FIELDS} } ${ERRORS} } }`,
    toVariables: ({ params }) => ({ endpointId: params.id, id: params.delivery_id }),
    payloadField: 'replayWebhookDelivery',
    fromResult: (data) => ({ body: serializeWebhookDelivery((data.replayWebhookDelivery as Gql).webhookDelivery) }),
  },
];
