/** GraphQL operations of the webhooks screens. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';
import type { Page } from './documents.api';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  disabled: boolean;
  environment: string;
  createdAt: string;
  lastDeliveryAt: string | null;
  lastDeliveryStatus: number | null;
  secret: string | null;
}

export interface WebhookAttempt {
  number: number;
  at: string;
  statusCode: number;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  test: boolean;
  attemptCount: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  /** What the event is about (the document, a report, a period…), read from its body. */
  subject: { object: string; id: string | null; documentId: string | null; label: string | null } | null;
  attempts: WebhookAttempt[];
}

export { WEBHOOK_EVENTS } from './webhook-events';

const ENDPOINT_FIELDS = 'id url events disabled environment createdAt lastDeliveryAt lastDeliveryStatus';
const DELIVERY_FIELDS = 'id eventId eventType status test attemptCount createdAt lastAttemptAt nextAttemptAt lastStatus lastError subject { object id documentId label } attempts { number at statusCode durationMs error responseExcerpt }';

export async function listWebhookEndpoints(after: string | null): Promise<Page<WebhookEndpoint>> {
  const r = await gqlQuery<{ webhookEndpoints: Page<WebhookEndpoint> }>(
    `query PanelWebhooks($after: String) { webhookEndpoints(first: 50, after: $after) { nodes { ${ENDPOINT_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { after },
  );
  return r.webhookEndpoints;
}

export async function getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null> {
  const r = await gqlQuery<{ webhookEndpoint: WebhookEndpoint | null }>(`query PanelWebhook($id: ID!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`, { id });
  return r.webhookEndpoint;
}

export async function listDeliveries(endpointId: string, after: string | null): Promise<Page<WebhookDelivery>> {
  const r = await gqlQuery<{ webhookDeliveries: Page<WebhookDelivery> | null }>(
    `query PanelDeliveries($id: ID!, $after: String) { webhookDeliveries(endpointId: $id, first: 20, after: $after) { nodes { ${DELIVERY_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { id: endpointId, after },
  );
  return r.webhookDeliveries ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
}

export async function createWebhookEndpoint(url: string, events: string[], key: string): Promise<WebhookEndpoint> {
  const p = await gqlMutate<{ webhookEndpoint: WebhookEndpoint; errors: UserError[] }>(
    `mutation PanelCreateWebhook($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { ${ENDPOINT_FIELDS} secret } errors { field code message } } }`,
    { input: { url, events } },
    key,
  );
  return p.webhookEndpoint;
}

export async function updateWebhookEndpoint(id: string, input: { url?: string; events?: string[]; disabled?: boolean }, key: string): Promise<WebhookEndpoint> {
  const p = await gqlMutate<{ webhookEndpoint: WebhookEndpoint; errors: UserError[] }>(
    `mutation PanelUpdateWebhook($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { webhookEndpoint { ${ENDPOINT_FIELDS} } errors { field code message } } }`,
    { id, input },
    key,
  );
  return p.webhookEndpoint;
}

export async function deleteWebhookEndpoint(id: string, key: string): Promise<void> {
  await gqlMutate('mutation PanelDeleteWebhook($id: ID!) { deleteWebhookEndpoint(id: $id) { webhookEndpoint { id } errors { field code message } } }', { id }, key);
}

export async function rollWebhookSecret(id: string, overlapS: number, key: string): Promise<string> {
  const p = await gqlMutate<{ webhookEndpoint: { secret: string }; errors: UserError[] }>(
    'mutation PanelRollSecret($id: ID!, $overlapS: Int) { rollWebhookEndpointSecret(id: $id, overlapS: $overlapS) { webhookEndpoint { id secret } errors { field code message } } }',
    { id, overlapS },
    key,
  );
  return p.webhookEndpoint.secret;
}

export async function sendWebhookTest(id: string, key: string): Promise<{ eventId: string; status: number }> {
  const p = await gqlMutate<{ webhookTest: { eventId: string; status: number }; errors: UserError[] }>(
    'mutation PanelTestWebhook($id: ID!) { testWebhookEndpoint(id: $id) { webhookTest { eventId status } errors { field code message } } }',
    { id },
    key,
  );
  return p.webhookTest;
}

export async function replayDelivery(endpointId: string, id: string, key: string): Promise<void> {
  await gqlMutate(
    'mutation PanelReplay($endpointId: ID!, $id: ID!) { replayWebhookDelivery(endpointId: $endpointId, id: $id) { webhookDelivery { id status } errors { field code message } } }',
    { endpointId, id },
    key,
  );
}
