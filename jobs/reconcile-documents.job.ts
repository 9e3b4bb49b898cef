import type { JobFactory } from './job-definition';

/** Every 5 s: retransmits documents whose request or job was lost (and re-enqueues pending invalidations). */
export const reconcileDocumentsJob: JobFactory<'reconcile-documents'> = (services) => ({
  name: 'reconcile-documents',
  every: '5 seconds',
  concurrency: 1,
  run: async () => {
    const r = await services.reconcileDocuments.execute();
    if (r.retried || r.invalidations) services.deps.logger.info(r, 'transmisiones retomadas');
  },
});
