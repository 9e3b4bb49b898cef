import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { updateWebhookEndpointSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import { changedFields } from '../../domain/identity/audit-changes';
import type { WebhookEndpointEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEndpoint } from './webhook-access';
import { assertWebhookUrlAllowed } from './webhook-url-check';

/** PATCH `url`, `events`, `disabled`. A disabled endpoint gets no new deliveries; its pending ones end `failed`. A change is audited. */
export class UpdateWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown): Promise<WebhookEndpointEntity> {
    const em = this.deps.orm.em.fork();
    await loadOwnEndpoint(em, actor, id);
    const parsed = parseWith(updateWebhookEndpointSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (v.url !== undefined) await assertWebhookUrlAllowed(this.deps, v.url);
    const now = this.deps.clock.now();
    return em.transactional(async (tx) => {
      const endpoint = await loadOwnEndpoint(tx, actor, id);
      const before = { url: endpoint.url, events: [...endpoint.events], disabled: endpoint.disabled };
      if (v.url !== undefined) endpoint.url = v.url;
      if (v.events !== undefined) endpoint.events = v.events;
      if (v.disabled !== undefined) endpoint.disabled = v.disabled;
      endpoint.updatedAt = now;
      await tx.flush();
      const changed = changedFields(before, { url: endpoint.url, events: endpoint.events, disabled: endpoint.disabled }, ['url', 'events', 'disabled']);
      if (changed.length) {
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'webhook_endpoint.updated', target: { type: 'webhook_endpoint', id: endpoint.id },
          details: { changed, url: endpoint.url, events: endpoint.events, disabled: endpoint.disabled },
        });
      }
      return endpoint;
    });
  }
}
