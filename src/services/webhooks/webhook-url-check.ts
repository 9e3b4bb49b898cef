import { DomainError } from '../../domain/shared/domain-error';
import { resolveWebhookTarget } from '../../integrations/webhooks/webhook-url-guard';
import type { ServiceDeps } from '../shared/service-deps';

/** Refuses (422 on `url`) a URL that is not https and public, resolving its host now. */
export async function assertWebhookUrlAllowed(deps: ServiceDeps, url: string): Promise<void> {
  const target = await resolveWebhookTarget(url, { allowPrivate: deps.config.webhooks.allowPrivateUrls });
  if (!target.ok) throw DomainError.validation([{ path: 'url', code: target.code, message: target.message }]);
}
