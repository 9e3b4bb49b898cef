import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { rollWebhookSecretSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import { generateWebhookSecret } from '../../domain/webhooks/webhook-secret';
import { recordAudit } from '../audit/audit-trail';
import { holdIdempotencyRecord, linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { EndpointWithSecret } from './create-webhook-endpoint.service';
import { loadOwnEndpoint } from './webhook-access';
import { previousSecretAad, remintSecret, secretAad } from './webhook-secrets';

/** The resource type a roll links to its Idempotency-Key record (its id is the endpoint's). */
const ROLL_RESOURCE = 'webhook_secret_roll';

/**
 * A new secret signs from now on. With `overlapS` > 0 the old secret keeps signing too (a second
 * `v1=`) for that long, so receivers can switch without dropping events.
 *
 * The roll is linked to the request's Idempotency-Key record in its own commit. A retry of a request
 * whose process died mints the current secret again and leaves the previous one as the first run
 * set it: rolling again would make the undelivered secret the "previous" one and drop, before its
 * overlap ends, the secret the receivers still verify with.
 */
export class RollWebhookEndpointSecretService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown = {}): Promise<EndpointWithSecret> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const endpoint = await loadOwnEndpoint(tx, actor, id);
      const now = this.deps.clock.now();
      if (resumedResource(actor, ROLL_RESOURCE)) {
        await holdIdempotencyRecord(tx, actor);
        const secret = remintSecret(this.deps.secrets, tx, endpoint, now);
        await tx.flush();
        return { endpoint, secret };
      }
      const parsed = parseWith(rollWebhookSecretSchema, input ?? {});
      if (!parsed.ok) throw DomainError.validation(parsed.errors);
      const overlapS = parsed.value.overlapS ?? 0;
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
      await tx.flush();
      await linkCreatedResource(tx, actor, ROLL_RESOURCE, endpoint.id);
      // Never the secret itself: only that it changed, and for how long the old one still signs.
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'webhook_endpoint.secret_rolled', target: { type: 'webhook_endpoint', id: endpoint.id }, details: { url: endpoint.url, overlap_s: overlapS } });
      return { endpoint, secret };
    });
  }
}
