import { CLOSE_FISCAL_PERIOD_JOB } from '../src/services/fiscal/fiscal-report-store';
import type { JobFactory } from './job-definition';

/** Finishes closing a period: every report, snapshots, `closed`. Safe to run twice. */
export const closeFiscalPeriodJob: JobFactory = (services) => ({
  name: CLOSE_FISCAL_PERIOD_JOB,
  removeOnComplete: true,
  lockLifetimeMs: 600_000,
  run: async (data, ctx) => {
    await services.completeFiscalPeriodClose.execute(
      { accountId: String(data.accountId), emitterId: String(data.emitterId), environment: String(data.environment), period: String(data.period) },
      ctx.touch,
    );
  },
});
