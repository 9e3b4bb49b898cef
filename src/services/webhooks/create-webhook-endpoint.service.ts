import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { createWebhookEndpointSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import { generateWebhookSecret } from '../../domain/webhooks/webhook-secret';
import { WebhookEndpointEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { holdIdempotencyRecord, linkCreatedResource, resumedResource, resumedResourceGone } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { assertWebhookUrlAllowed } from './webhook-url-check';
import { remintSecret, secretAad } from './webhook-secrets';
import { findOwnEndpoint } from './webhook-access';

export interface EndpointWithSecret {
  endpoint: WebhookEndpointEntity;
  /** Shown once: at creation and when rolled. */
  secret: string;
}

/** The resource type a creation links to its Idempotency-Key record. */
const ENDPOINT_RESOURCE = 'webhook_endpoint';

/**
 * Registers a webhook endpoint for the caller's account and environment (a test key's endpoint only
 * receives `00` events). The URL must be https and public, resolved now (and again at every delivery).
 *
 * The endpoint is linked to the request's Idempotency-Key record in its own commit. A retry of a
 * request whose process died answers that endpoint (never a second one) with a new secret: the
 * first run's secret was never delivered, so it stops signing at once.
 */
export class CreateWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: unknown): Promise<EndpointWithSecret> {
    const em = this.deps.orm.em.fork();
    const resumed = resumedResource(actor, ENDPOINT_RESOURCE);
    if (resumed) return this.resume(actor, resumed);
    const parsed = parseWith(createWebhookEndpointSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    await assertWebhookUrlAllowed(this.deps, v.url);
    const now = this.deps.clock.now();
    const id = newId(IdPrefix.webhookEndpoint, now.getTime());
    const secret = generateWebhookSecret();
    const endpoint = await em.transactional(async (tx) => {
      const created = tx.create(WebhookEndpointEntity, {
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
      await tx.flush();
      await linkCreatedResource(tx, actor, ENDPOINT_RESOURCE, id);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'webhook_endpoint.created', target: { type: 'webhook_endpoint', id }, details: { url: v.url, events: v.events, environment: actor.environment } });
      return created;
    });
    return { endpoint, secret };
  }

  /** The endpoint the dead run created, as it is now, with a secret this answer delivers; 404 when it was deleted since. */
  private async resume(actor: Actor, id: string): Promise<EndpointWithSecret> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await holdIdempotencyRecord(tx, actor);
      const endpoint = await findOwnEndpoint(tx, actor, id);
      if (!endpoint) throw resumedResourceGone('El endpoint de webhook');
      const secret = remintSecret(this.deps.secrets, tx, endpoint, this.deps.clock.now());
      await tx.flush();
      return { endpoint, secret };
    });
  }
}
