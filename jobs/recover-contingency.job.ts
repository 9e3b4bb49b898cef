import type { JobFactory } from './job-definition';

/**
 * Drives contingency episodes: probes MH every CONTINGENCY_RECHECK_MS while it is unreachable, then
 * the contingency event, the lotes and their results (LOTE_POLL_MS), then e-mails the owners about any
 * event MH refused. Runs every second and acts only on episodes that are due.
 */
export const recoverContingencyJob: JobFactory<'recover-contingency'> = (services) => ({
  name: 'recover-contingency',
  every: '1 second',
  concurrency: 1,
  lockLifetimeMs: 10 * 60_000,
  run: async () => {
    await services.recoverContingency.execute();
    // The owners' e-mail about a refused contingency event (pending until sent; retried each run).
    await services.notifyContingencyFailures.execute();
  },
});
