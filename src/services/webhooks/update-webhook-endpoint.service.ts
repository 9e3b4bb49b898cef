import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { updateWebhookEndpointSchema } from '../../domain/webhooks/webhook-endpoint-input.schema';
import type { WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEndpoint } from './webhook-access';
import { assertWebhookUrlAllowed } from './webhook-url-check';

/** PATCH `url`, `events`, `disabled`. A disabled endpoint gets no new deliveries; its pending ones end `failed`. */
export class UpdateWebhookEndpointService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown): Promise<WebhookEndpointEntity> {
    const em = this.deps.orm.em.fork();
    const endpoint = await loadOwnEndpoint(em, actor, id);
    const parsed = parseWith(updateWebhookEndpointSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (v.url !== undefined) await assertWebhookUrlAllowed(this.deps, v.url);
    if (v.url !== undefined) endpoint.url = v.url;
    if (v.events !== undefined) endpoint.events = v.events;
    if (v.disabled !== undefined) endpoint.disabled = v.disabled;
    endpoint.updatedAt = this.deps.clock.now();
    await em.flush();
    return endpoint;
  }
}
