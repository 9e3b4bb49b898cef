import type { JobFactory } from './job-definition';

/**
 * One attempt of a webhook delivery (payload: deliveryId), then a few other due deliveries so bursts
 * do not wait for the queue's next scan. Safe to run twice: every delivery is leased and skipped when
 * not due.
 */
export const deliverWebhookJob: JobFactory<'deliver-webhook'> = (services) => ({
  name: 'deliver-webhook',
  removeOnComplete: true,
  run: async (payload) => {
    await services.deliverWebhook.execute(payload.deliveryId);
    await services.deliverWebhook.drainDue();
  },
});
