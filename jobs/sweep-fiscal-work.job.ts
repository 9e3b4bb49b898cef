import type { JobFactory } from './job-definition';

/** Every minute: re-enqueues fiscal reports and period closes whose job was lost (older than 2 minutes). */
export const sweepFiscalWorkJob: JobFactory<'sweep-fiscal-work'> = (services) => ({
  name: 'sweep-fiscal-work',
  every: '1 minute',
  concurrency: 1,
  run: async () => {
    const r = await services.sweepFiscalWork.execute();
    if (r.reports || r.periods) services.deps.logger.info(r, 'trabajo fiscal pendiente reencolado');
  },
});
