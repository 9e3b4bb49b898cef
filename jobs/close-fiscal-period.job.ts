import type { JobFactory } from './job-definition';

/** Finishes closing a period: every report, snapshots, `closed`. Safe to run twice. */
export const closeFiscalPeriodJob: JobFactory<'close-fiscal-period'> = (services) => ({
  name: 'close-fiscal-period',
  removeOnComplete: true,
  lockLifetimeMs: 600_000,
  run: async (payload, ctx) => {
    await services.completeFiscalPeriodClose.execute(
      { accountId: payload.accountId, emitterId: payload.emitterId, environment: payload.environment, period: payload.period },
      ctx.touch,
    );
  },
});
