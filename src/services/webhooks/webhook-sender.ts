import { WebhookHttpSender } from '../../integrations/webhooks/webhook-http-sender';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * The SSRF-safe sender configured by the operator settings (WEBHOOK_ALLOW_PRIVATE_URLS,
 * WEBHOOK_TIMEOUT_MS): built once by the service registry and handed to the services that post.
 */
export function webhookSender(deps: ServiceDeps): WebhookHttpSender {
  return new WebhookHttpSender({ allowPrivate: deps.config.webhooks.allowPrivateUrls, timeoutMs: deps.config.webhooks.timeoutMs });
}
