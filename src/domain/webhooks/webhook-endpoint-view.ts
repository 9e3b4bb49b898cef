import { z } from 'zod';

/**
 * A webhook endpoint as the API shows it — THE declaration of that output (ADR 0062). GraphQL's
 * `WebhookEndpoint` (src/graphql/webhook/webhook.types.ts) and REST's `webhook_endpoint` with its
 * OpenAPI schema (rest-adapter/resources/webhook.resource.ts) are derived from it; the mapper
 * (src/services/webhooks/webhook-view.ts) fails the type check until it fills a field added here.
 * test/unit/views/webhook-endpoint-view-parity.test.ts fails when a door and the view disagree.
 */
export const webhookEndpointView = z.object({
  id: z.string().meta({ gql: 'ID', restDescription: 'we_…' }),
  url: z.string().meta({ gqlDescription: 'https y pública.' }),
  events: z.array(z.string()).meta({ gqlDescription: 'Nombres de eventos, o "*" para todos.', restDescription: 'Nombres de eventos o "*"' }),
  /** The signing secret, only in the answer that made it (creation, roll); REST leaves it out otherwise. */
  secret: z.string().nullable().meta({
    restOmitNull: true,
    gqlDescription: 'Secreto de firma (whsec_…): solo al crear el endpoint o al rotar el secreto; null en las consultas.',
    restDescription: 'whsec_…: solo en la respuesta de la creación y de roll-secret',
  }),
  disabled: z.boolean(),
  environment: z.enum(['00', '01']).meta({
    gql: 'String',
    gqlDescription: '"00" pruebas o "01" producción: el endpoint solo recibe eventos de ese ambiente.',
    restDescription: 'Ambiente de la llave que lo registró; solo recibe eventos de ese ambiente',
  }),
  createdAt: z.date(),
  /** GraphQL only: the REST resource has never shown it. */
  updatedAt: z.date().meta({ rest: false }),
  lastDeliveryAt: z.date().nullable(),
  lastDeliveryStatus: z.number().int().nullable().meta({
    gqlDescription: 'Estado HTTP del último intento; 0 si no hubo respuesta; null antes del primero.',
    restDescription: 'Estado HTTP del último intento; 0 sin respuesta',
  }),
});

export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;
