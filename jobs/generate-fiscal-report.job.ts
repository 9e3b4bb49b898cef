import type { JobFactory } from './job-definition';

/** Builds one queued fiscal report (payload: reportId). Safe to run twice: a ready report is kept. */
export const generateFiscalReportJob: JobFactory<'generate-fiscal-report'> = (services) => ({
  name: 'generate-fiscal-report',
  removeOnComplete: true,
  lockLifetimeMs: 300_000,
  run: async (payload, ctx) => {
    await services.generateFiscalReport.execute(payload.reportId, ctx.touch);
  },
});
