import type { JobFactory } from './job-definition';

/** Transmits one signed document to MH (payload: documentId). Safe to run twice: leased, and MH is queried before any resend. */
export const transmitDocumentJob: JobFactory = (services) => ({
  name: 'transmit-document',
  run: async (data) => {
    await services.transmitDocument.execute(String(data.documentId));
  },
});
