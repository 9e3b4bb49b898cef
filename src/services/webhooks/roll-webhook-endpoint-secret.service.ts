import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { rollWebhookSecretSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import { generateWebhookSecret } from '../../domain/webhooks/webhook-secret';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { EndpointWithSecret } from './create-webhook-endpoint.service';
import { loadOwnEndpoint } from './webhook-access';
import { previousSecretAad, secretAad } from './webhook-secrets';

/**
 * A new secret signs from now on. With `overlapS` > 0 the old secret keeps signing too (a second
 * `v1=`) for that long, so receivers can switch without dropping events.
 */
export class RollWebhookEndpointSecretService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown = {}): Promise<EndpointWithSecret> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, id);
    const parsed = parseWith(rollWebhookSecretSchema, input ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const overlapS = parsed.value.overlapS ?? 0;
    const now = this.deps.clock.now();
    const old = this.deps.secrets.openText(endpoint.secretSealed, secretAad(endpoint.id));
    const secret = generateWebhookSecret();
    endpoint.secretSealed = this.deps.secrets.seal(secret, secretAad(endpoint.id));
    if (overlapS > 0) {
      endpoint.previousSecretSealed = this.deps.secrets.seal(old, previousSecretAad(endpoint.id));
      endpoint.previousSecretExpiresAt = new Date(now.getTime() + overlapS * 1000);
    } else {
      endpoint.previousSecretSealed = null;
      endpoint.previousSecretExpiresAt = null;
    }
    endpoint.updatedAt = now;
    await em.flush();
    return { endpoint, secret };
  }
}
