import type { EntityManager } from '@mikro-orm/core';
import { generateWebhookSecret } from '../../domain/webhooks/webhook-secret';
import type { SecretBox } from '../../integrations/crypto/secret-box';
import type { WebhookEndpointEntity } from '../../persistence/entities';

/** AAD binding a sealed secret to its endpoint: a value copied to another row does not open. */
export const secretAad = (endpointId: string) => `webhook:${endpointId}:secret`;
export const previousSecretAad = (endpointId: string) => `webhook:${endpointId}:previous-secret`;

/** The secrets that sign now: the current one, plus the previous one during a roll's overlap. */
export function signingSecrets(box: SecretBox, endpoint: WebhookEndpointEntity, now: Date): string[] {
  const secrets = [box.openText(endpoint.secretSealed, secretAad(endpoint.id))];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(box.openText(endpoint.previousSecretSealed, previousSecretAad(endpoint.id)));
  }
  return secrets;
}

/**
 * A new current secret for an endpoint whose current one was never delivered: a create or a roll
 * resumed after its process died (the answer that carried the secret was lost with it). The
 * undelivered secret stops signing at once; a roll's previous secret and its overlap stay as that
 * roll set them. Written with `em`'s next flush.
 */
export function remintSecret(box: SecretBox, em: EntityManager, endpoint: WebhookEndpointEntity, now: Date): string {
  const secret = generateWebhookSecret();
  endpoint.secretSealed = box.seal(secret, secretAad(endpoint.id));
  endpoint.updatedAt = now;
  em.persist(endpoint);
  return secret;
}
