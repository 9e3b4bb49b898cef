import type { JobFactory } from './job-definition';

/** Sends a pending invalidation event again (payload: invalidationId) when MH did not answer. */
export const sendInvalidationJob: JobFactory<'send-invalidation'> = (services) => ({
  name: 'send-invalidation',
  run: async (payload) => {
    await services.sendInvalidation.execute(payload.invalidationId);
  },
});
