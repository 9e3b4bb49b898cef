import type { JobFactory } from './job-definition';

/** Every 5 s: sends again the return and special-operations events MH has not answered. */
export const reconcileDteEventsJob: JobFactory<'reconcile-dte-events'> = (services) => ({
  name: 'reconcile-dte-events',
  every: '5 seconds',
  concurrency: 1,
  run: async () => {
    const r = await services.reconcileDteEvents.execute();
    if (r.retried) services.deps.logger.info(r, 'eventos retomados');
  },
});
