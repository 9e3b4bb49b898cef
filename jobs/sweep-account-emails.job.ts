import type { JobFactory } from './job-definition';

/**
 * Every 10 seconds: sends invitation and password-reset e-mails that are due and not leased — retries,
 * and any whose job was lost (a process that died between the commit and the enqueue).
 */
export const sweepAccountEmailsJob: JobFactory<'sweep-account-emails'> = (services) => ({
  name: 'sweep-account-emails',
  every: '10 seconds',
  concurrency: 1,
  run: async () => {
    const sent = await services.deliverAccountEmail.drainDue();
    if (sent) services.deps.logger.info({ sent }, 'correos de la cuenta pendientes procesados por el barrido');
  },
});
