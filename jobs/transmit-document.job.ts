import type { JobFactory } from './job-definition';

/** Transmits one signed document to MH (payload: documentId). Safe to run twice: leased, and MH is queried before any resend. */
export const transmitDocumentJob: JobFactory<'transmit-document'> = (services) => ({
  name: 'transmit-document',
  run: async (payload) => {
    await services.transmitDocument.execute(payload.documentId);
  },
});
