import type { JobFactory } from './job-definition';

/**
 * One attempt of a document e-mail (payload: emailId), then other due e-mails for a moment. Safe to
 * run twice: every e-mail is leased and skipped when not pending or not due.
 */
export const deliverDocumentEmailJob: JobFactory<'deliver-document-email'> = (services) => ({
  name: 'deliver-document-email',
  removeOnComplete: true,
  lockLifetimeMs: 120_000,
  run: async (payload) => {
    await services.deliverDocumentEmail.execute(payload.emailId);
    await services.deliverDocumentEmail.drainDue();
  },
});
