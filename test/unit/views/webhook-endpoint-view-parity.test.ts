/**
 * One declaration per resource (ADR 0062): the webhook endpoint's view
 * (src/domain/webhooks/webhook-endpoint-view.ts) is what GraphQL's `WebhookEndpoint` and REST's
 * `webhook_endpoint` (its OpenAPI schema) show. Each door is compared with the view field by field; a
 * field removed from one door, or shown by a door without being declared, fails here by name.
 * Endpoints have no webhook events of their own (their test event carries a document's summary).
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeWebhookEndpoint } from '../../../rest-adapter/resources/webhook.resource';
import { webhookEndpointView, type WebhookEndpointView } from '../../../src/domain/webhooks/webhook-endpoint-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema = openapi.components.schemas.WebhookEndpoint as Json;
const doors = viewDoors({
  view: webhookEndpointView,
  schema: buildGraphQLSchema(),
  graphqlType: 'WebhookEndpoint',
  openapi,
  restSchema: schema,
  // REST has never shown when an endpoint last changed.
  omitted: { rest: ['updatedAt'] },
});

const endpoint: WebhookEndpointView = {
  id: 'we_1', url: 'https://example.com/h', events: ['*'], secret: null, disabled: false, environment: '00',
  createdAt: new Date('2026-12-01T10:00:00Z'), updatedAt: new Date('2026-12-01T10:00:00Z'), lastDeliveryAt: null, lastDeliveryStatus: null,
};

describe('the WebhookEndpoint view and its doors', () => {
  it('GraphQL WebhookEndpoint has exactly the view’s fields', () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['secret', 'updatedAt', 'lastDeliveryStatus']));
  });

  it('the REST webhook_endpoint schema (OpenAPI) has exactly the view’s fields in snake_case, updated_at left out', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['secret', 'last_delivery_status']));
    expect(doors.rest).not.toContain('updated_at');
  });

  it('the serializer writes exactly the schema’s properties; the secret only when the answer carries it', () => {
    const properties = Object.keys(schema.properties as Json);
    expect(Object.keys(serializeWebhookEndpoint({ ...endpoint, secret: 'whsec_x' }))).toEqual(properties);
    expect(Object.keys(serializeWebhookEndpoint(endpoint))).toEqual(properties.filter((k) => k !== 'secret'));
    expect(schema.required).not.toContain('secret');
    expect(serializeWebhookEndpoint(endpoint)).toMatchObject({ object: 'webhook_endpoint', created_at: '2026-12-01T10:00:00.000Z', last_delivery_at: null });
  });
});
