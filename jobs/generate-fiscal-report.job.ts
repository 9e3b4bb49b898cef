import { GENERATE_FISCAL_REPORT_JOB } from '../src/services/fiscal/fiscal-report-store';
import type { JobFactory } from './job-definition';

/** Builds one queued fiscal report (payload: reportId). Safe to run twice: a ready report is kept. */
export const generateFiscalReportJob: JobFactory = (services) => ({
  name: GENERATE_FISCAL_REPORT_JOB,
  removeOnComplete: true,
  lockLifetimeMs: 300_000,
  run: async (data, ctx) => {
    await services.generateFiscalReport.execute(String(data.reportId), ctx.touch);
  },
});
