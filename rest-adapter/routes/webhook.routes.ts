import { z } from 'zod';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
} from '../../src/domain/webhooks/webhook-endpoint-input.schema';
import { toWebhookDelivery } from '../../src/graphql/webhook/webhook.mapper';
import { toWebhookEndpointView } from '../../src/services/webhooks/webhook-view';
import { listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import {
  serializeWebhookDelivery,
  serializeWebhookDeliveryDetail,
  serializeWebhookEndpoint,
  webhookDeliveryDetailResource,
  webhookDeliveryResource,
  webhookEndpointResource,
  webhookTestResource,
} from '../resources/webhook.resource';
import type { RestRoute } from '../route';

const TAG = 'Webhooks';
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
    call: async ({ body }, ctx) => {
      const { endpoint, secret } = await ctx.services.createWebhookEndpoint.execute(ctx.actor!, body);
      return { body: serializeWebhookEndpoint(toWebhookEndpointView(endpoint, secret)) };
    },
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
    refusalAs: 'query',
    call: async ({ query }, ctx) => ({ body: listBody(await ctx.services.listWebhookEndpoints.execute(ctx.actor!, pageOf(query)), (e) => serializeWebhookEndpoint(toWebhookEndpointView(e))) }),
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
    refusalAs: 'query',
    call: async ({ params }, ctx) => {
      const e = await ctx.services.getWebhookEndpoint.execute(ctx.actor!, params.id);
      return e ? { body: serializeWebhookEndpoint(toWebhookEndpointView(e)) } : null;
    },
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
    call: async ({ params, body }, ctx) => ({ body: serializeWebhookEndpoint(toWebhookEndpointView(await ctx.services.updateWebhookEndpoint.execute(ctx.actor!, params.id, body))) }),
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
    call: async ({ params }, ctx) => {
      await ctx.services.deleteWebhookEndpoint.execute(ctx.actor!, params.id);
      return { body: null, status: 204 };
    },
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
    call: async ({ params }, ctx) => {
      const r = await ctx.services.testWebhookEndpoint.execute(ctx.actor!, params.id);
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
    call: async ({ params, body }, ctx) => {
      const overlapS = (body as { overlapS?: number | null } | undefined)?.overlapS ?? undefined;
      const { endpoint, secret } = await ctx.services.rollWebhookEndpointSecret.execute(ctx.actor!, params.id, { overlapS });
      return { body: serializeWebhookEndpoint(toWebhookEndpointView(endpoint, secret)) };
    },
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
    refusalAs: 'query',
    call: async ({ params, query }, ctx) => {
      // As the query: null (404) when the endpoint is not the account's.
      if (!(await ctx.services.getWebhookEndpoint.execute(ctx.actor!, params.id))) return null;
      const page = await ctx.services.listWebhookDeliveries.execute(ctx.actor!, params.id, pageOf(query));
      return { body: listBody(page, (d) => serializeWebhookDelivery(toWebhookDelivery(d))) };
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
    refusalAs: 'query',
    call: async ({ params }, ctx) => {
      const found = await ctx.services.getWebhookDelivery.execute(ctx.actor!, params.id, params.delivery_id);
      return found ? { body: serializeWebhookDeliveryDetail(toWebhookDelivery(found.delivery, found.attempts)) } : null;
    },
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
    call: async ({ params }, ctx) => ({ body: serializeWebhookDelivery(toWebhookDelivery(await ctx.services.replayWebhookDelivery.execute(ctx.actor!, params.id, params.delivery_id))) }),
  },
];
