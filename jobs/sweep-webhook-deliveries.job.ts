import type { JobFactory } from './job-definition';

/** Every minute: re-queues overdue webhook deliveries whose job was lost (a worker restart loses nothing). */
export const sweepWebhookDeliveriesJob: JobFactory<'sweep-webhook-deliveries'> = (services) => ({
  name: 'sweep-webhook-deliveries',
  every: '1 minute',
  concurrency: 1,
  run: async () => {
    const { requeued } = await services.sweepWebhookDeliveries.execute();
    if (requeued) services.deps.logger.info({ requeued }, 'entregas de webhook vencidas reencoladas');
  },
});
