import { DELIVER_DOCUMENT_EMAIL_JOB } from '../src/services/documents/document-emails';
import type { JobFactory } from './job-definition';

/**
 * One attempt of a document e-mail (payload: emailId), then other due e-mails for a moment. Safe to
 * run twice: every e-mail is leased and skipped when not pending or not due.
 */
export const deliverDocumentEmailJob: JobFactory = (services) => ({
  name: DELIVER_DOCUMENT_EMAIL_JOB,
  removeOnComplete: true,
  lockLifetimeMs: 120_000,
  run: async (data) => {
    await services.deliverDocumentEmail.execute(String(data.emailId));
    await services.deliverDocumentEmail.drainDue();
  },
});
