import { z } from 'zod';
import { webhookEndpointView, type WebhookEndpointView } from '../../src/domain/webhooks/webhook-endpoint-view';
import { restResourceOf } from './view-resource';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

/**
 * The REST `webhook_endpoint` resource and its OpenAPI schema, derived from its view
 * (src/domain/webhooks/webhook-endpoint-view.ts, ADR 0062): snake_case, dates as ISO text, `secret`
 * only when the answer carries it, no `updated_at`.
 */
const webhookEndpoint = restResourceOf<WebhookEndpointView>(webhookEndpointView, { object: 'webhook_endpoint', id: 'WebhookEndpoint' });
export const webhookEndpointResource = webhookEndpoint.schema;

export function serializeWebhookEndpoint(v: WebhookEndpointView): z.infer<typeof webhookEndpointResource> {
  return webhookEndpoint.serialize(v) as z.infer<typeof webhookEndpointResource>;
}

export const webhookTestResource = z.object({
  event_id: z.string().describe('Id del evento de prueba (Service-Event-Id)'),
  status: z.number().int().describe('Estado HTTP que respondió el receptor; 0 si no respondió'),
});

export const webhookAttemptResource = z.object({
  number: z.number().int(),
  at: z.string(),
  status: z.number().int().describe('Estado HTTP; 0 sin respuesta'),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable().describe('Primer KB de la respuesta'),
});

export const webhookDeliveryResource = z.object({
  id: z.string().describe('dlv_…'),
  object: z.literal('webhook_delivery'),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  environment: z.enum(['00', '01']),
  status: z.enum(['pending', 'delivered', 'failed']),
  test: z.boolean(),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  subject: z
    .object({
      object: z.string().describe('data.object del evento: document, document_return, special_operation, fiscal_report, period, credential, contingency'),
      id: z.string().nullable(),
      document_id: z.string().nullable().describe('El documento del evento (el propio, o el devuelto en una devolución)'),
      label: z.string().nullable().describe('Número de control o código de generación, tipo y período de un reporte, período, ambiente'),
    })
    .nullable()
    .describe('De qué trata el evento'),
});

export const webhookDeliveryDetailResource = webhookDeliveryResource.extend({ attempts: z.array(webhookAttemptResource) });

export function serializeWebhookDelivery(d: Gql): z.infer<typeof webhookDeliveryResource> {
  return {
    id: d.id,
    object: 'webhook_delivery',
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    environment: d.environment,
    status: String(d.status).toLowerCase() as 'pending' | 'delivered' | 'failed',
    test: d.test,
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt,
    last_attempt_at: d.lastAttemptAt,
    last_status: d.lastStatus,
    last_error: d.lastError,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt,
    failed_at: d.failedAt,
    subject: d.subject ? { object: d.subject.object, id: d.subject.id, document_id: d.subject.documentId, label: d.subject.label } : null,
  };
}

export function serializeWebhookDeliveryDetail(d: Gql): z.infer<typeof webhookDeliveryDetailResource> {
  return {
    ...serializeWebhookDelivery(d),
    attempts: (d.attempts as Gql[]).map((a) => ({
      number: a.number,
      at: a.at,
      status: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      response_excerpt: a.responseExcerpt,
    })),
  };
}
