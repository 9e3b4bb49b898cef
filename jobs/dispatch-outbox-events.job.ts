import { DISPATCH_OUTBOX_EVENTS_JOB } from '../src/services/webhooks/dispatch-outbox-events.service';
import type { JobFactory } from './job-definition';

/**
 * Creates webhook deliveries for undispatched outbox events every 5 seconds: the safety net behind
 * `services.dispatchOutboxEvents.kick()`, which dispatches in the committing process right away.
 */
export const dispatchOutboxEventsJob: JobFactory = (services) => ({
  name: DISPATCH_OUTBOX_EVENTS_JOB,
  every: '5 seconds',
  concurrency: 1,
  removeOnComplete: true,
  run: async () => {
    const { events, deliveries } = await services.dispatchOutboxEvents.execute();
    if (events) services.deps.logger.debug({ events, deliveries }, 'eventos despachados a webhooks');
  },
});
