import type { JobFactory } from './job-definition';

/** Builds one queued period archive (payload: archiveId). Safe to run twice: a ready archive is kept, a live run is left alone. */
export const generatePeriodArchiveJob: JobFactory<'generate-period-archive'> = (services) => ({
  name: 'generate-period-archive',
  removeOnComplete: true,
  lockLifetimeMs: 300_000,
  run: async (payload, ctx) => {
    await services.generatePeriodArchive.execute(payload.archiveId, ctx.touch);
  },
});
