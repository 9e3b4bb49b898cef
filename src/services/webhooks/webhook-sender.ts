import { WebhookHttpSender } from '../../integrations/webhooks/webhook-http-sender';
import type { ServiceDeps } from '../shared/service-deps';

/** The SSRF-safe sender configured by the operator settings (WEBHOOK_ALLOW_PRIVATE_URLS, WEBHOOK_TIMEOUT_MS). */
export function webhookSender(deps: ServiceDeps): WebhookHttpSender {
  return new WebhookHttpSender({ allowPrivate: deps.config.webhooks.allowPrivateUrls, timeoutMs: deps.config.webhooks.timeoutMs });
}
