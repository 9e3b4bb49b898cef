import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { createWebhookEndpointSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import { generateWebhookSecret } from '../../domain/webhooks/webhook-secret';
import { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { assertWebhookUrlAllowed } from './webhook-url-check';
import { secretAad } from './webhook-secrets';

export interface EndpointWithSecret {
  endpoint: WebhookEndpointEntity;
  /** Shown once: at creation and when rolled. */
  secret: string;
}

/**
 * Registers a webhook endpoint for the caller's account and environment (a test key's endpoint only
 * receives `00` events). The URL must be https and public, resolved now (and again at every delivery).
 */
export class CreateWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: unknown): Promise<EndpointWithSecret> {
    const parsed = parseWith(createWebhookEndpointSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    await assertWebhookUrlAllowed(this.deps, v.url);
    const now = this.deps.clock.now();
    const id = newId(IdPrefix.webhookEndpoint, now.getTime());
    const secret = generateWebhookSecret();
    const em = this.deps.orm.em.fork();
    const endpoint = em.create(WebhookEndpointEntity, {
      id,
      accountId: actor.accountId,
      environment: actor.environment,
      url: v.url,
      events: v.events,
      secretSealed: this.deps.secrets.seal(secret, secretAad(id)),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      disabled: false,
      lastDeliveryAt: null,
      lastDeliveryStatus: null,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return { endpoint, secret };
  }
}
