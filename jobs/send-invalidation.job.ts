import type { JobFactory } from './job-definition';

/** Sends a pending invalidation event again (payload: invalidationId) when MH did not answer. */
export const sendInvalidationJob: JobFactory = (services) => ({
  name: 'send-invalidation',
  run: async (data) => {
    await services.sendInvalidation.execute(String(data.invalidationId));
  },
});
