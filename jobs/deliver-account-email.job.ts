import type { JobFactory } from './job-definition';

/**
 * One attempt of an invitation or password-reset e-mail (payload: emailId), then other due ones for
 * a moment. Safe to run twice: every e-mail is leased and skipped when not pending or not due.
 */
export const deliverAccountEmailJob: JobFactory<'deliver-account-email'> = (services) => ({
  name: 'deliver-account-email',
  removeOnComplete: true,
  lockLifetimeMs: 120_000,
  run: async (payload) => {
    await services.deliverAccountEmail.execute(payload.emailId);
    await services.deliverAccountEmail.drainDue();
  },
});
