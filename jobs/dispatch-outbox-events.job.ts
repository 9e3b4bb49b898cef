import type { JobFactory } from './job-definition';

/**
 * Creates webhook deliveries for undispatched outbox events every 5 seconds: the safety net behind
 * `services.dispatchOutboxEvents.kick()`, which dispatches in the committing process right away.
 */
export const dispatchOutboxEventsJob: JobFactory<'dispatch-outbox-events'> = (services) => ({
  name: 'dispatch-outbox-events',
  every: '5 seconds',
  concurrency: 1,
  removeOnComplete: true,
  run: async () => {
    const { events, deliveries } = await services.dispatchOutboxEvents.execute();
    if (events) services.deps.logger.debug({ events, deliveries }, 'eventos despachados a webhooks');
  },
});
