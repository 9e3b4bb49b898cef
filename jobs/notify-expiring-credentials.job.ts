import type { JobFactory } from './job-definition';

/** Every hour: announces certificates 30 and 7 days before they expire (webhook `credential.expiring` and an e-mail to the owners), once per threshold. */
export const notifyExpiringCredentialsJob: JobFactory<'notify-expiring-credentials'> = (services) => ({
  name: 'notify-expiring-credentials',
  every: '1 hour',
  concurrency: 1,
  run: async () => {
    const r = await services.notifyExpiringCredentials.execute();
    if (r.announced || r.emailsSent || r.emailsFailed) services.deps.logger.info(r, 'avisos de vencimiento de certificados');
  },
});
