import type { JobFactory } from './job-definition';

/** Hourly: removes Idempotency-Key records older than IDEMPOTENCY_TTL_HOURS (24 h). */
export const cleanupIdempotencyRecordsJob: JobFactory<'cleanup-idempotency-records'> = (services) => ({
  name: 'cleanup-idempotency-records',
  every: '1 hour',
  concurrency: 1,
  run: async () => {
    const { removed } = await services.cleanupIdempotencyRecords.execute();
    if (removed) services.deps.logger.info({ removed }, 'registros de idempotencia vencidos eliminados');
  },
});
