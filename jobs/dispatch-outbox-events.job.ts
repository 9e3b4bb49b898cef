import { DISPATCH_OUTBOX_EVENTS_JOB } from '../src/services/webhooks/dispatch-outbox-events.service';
import type { JobFactory } from './job-definition';

/**
 * Creates webhook deliveries for undispatched outbox events. Runs when kicked
 * (`services.dispatchOutboxEvents.kick()` after a commit) and every 5 seconds as a safety net.
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
