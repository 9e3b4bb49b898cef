import { DELIVER_WEBHOOK_JOB } from '../src/services/webhooks/deliver-webhook.service';
import type { JobFactory } from './job-definition';

/**
 * One attempt of a webhook delivery (payload: deliveryId), then a few other due deliveries so bursts
 * do not wait for the queue's next scan. Safe to run twice: every delivery is leased and skipped when
 * not due.
 */
export const deliverWebhookJob: JobFactory = (services) => ({
  name: DELIVER_WEBHOOK_JOB,
  removeOnComplete: true,
  run: async (data) => {
    await services.deliverWebhook.execute(String(data.deliveryId));
    await services.deliverWebhook.drainDue();
  },
});
