import type { JobFactory } from './job-definition';

/**
 * Every 10 seconds: claims the due occurrences of recurring documents and issues each once (an
 * occurrence left by a worker that died is taken again after its lease, under the same
 * Idempotency-Key). Safe to run on several workers at once (ADR 0077).
 */
export const runRecurringDocumentsJob: JobFactory<'run-recurring-documents'> = (services) => ({
  name: 'run-recurring-documents',
  every: '10 seconds',
  concurrency: 1,
  run: async () => {
    const r = await services.runRecurringDocuments.execute();
    if (r.claimed || r.issued || r.failed) services.deps.logger.info(r, 'emisiones recurrentes');
  },
});
