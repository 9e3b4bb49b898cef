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
