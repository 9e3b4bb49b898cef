import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { signatureHeader } from '../../domain/webhooks/webhook-signature';
import type { WebhookHttpSender, WebhookPostResult } from '../../integrations/webhooks/webhook-http-sender';
import { WebhookAttemptEntity, WebhookEndpointEntity, type WebhookDeliveryEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { signingSecrets } from './webhook-secrets';

export const WEBHOOK_USER_AGENT = 'service-webhooks/1.0';

/** The headers of one attempt: signed now (a retry gets a fresh `t`, the body bytes never change). */
export function deliveryHeaders(secrets: string[], at: Date, eventId: string, body: string, attempt: number): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'Service-Signature': signatureHeader(secrets, Math.floor(at.getTime() / 1000), body),
    'Service-Event-Id': eventId,
    'Service-Delivery-Attempt': String(attempt),
  };
}

/** Sends attempt number `attempt` of a delivery to its endpoint. Never throws for the receiver's failures. */
export async function sendAttempt(
  deps: ServiceDeps,
  sender: WebhookHttpSender,
  endpoint: WebhookEndpointEntity,
  delivery: WebhookDeliveryEntity,
  attempt: number,
): Promise<{ at: Date; result: WebhookPostResult }> {
  const at = deps.clock.now();
  const headers = deliveryHeaders(signingSecrets(deps.secrets, endpoint, at), at, delivery.eventId, delivery.body, attempt);
  const result = await sender.post({ url: endpoint.url, body: delivery.body, headers });
  return { at, result };
}

/** Records the attempt and the endpoint's last delivery (never moving it back in time). */
export async function recordAttempt(
  tx: EntityManager,
  a: { deliveryId: string; endpointId: string; number: number; at: Date; result: WebhookPostResult },
): Promise<void> {
  await tx.insert(WebhookAttemptEntity, {
    id: newId(IdPrefix.webhookAttempt, a.at.getTime()),
    delivery: a.deliveryId,
    number: a.number,
    at: a.at,
    statusCode: a.result.statusCode,
    durationMs: Math.round(a.result.durationMs),
    error: a.result.error,
    responseExcerpt: a.result.responseExcerpt,
  } as never);
  await tx.nativeUpdate(
    WebhookEndpointEntity,
    { id: a.endpointId, $or: [{ lastDeliveryAt: null }, { lastDeliveryAt: { $lte: a.at } }] },
    { lastDeliveryAt: a.at, lastDeliveryStatus: a.result.statusCode },
  );
}
