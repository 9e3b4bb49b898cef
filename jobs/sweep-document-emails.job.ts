import type { JobFactory } from './job-definition';

/**
 * Every 10 seconds: sends pending e-mails that are due and not leased — those written when a
 * document issued with `send_email` was processed, and any whose job was lost (a process that died
 * between the commit and the enqueue). Nothing is lost on a restart.
 */
export const sweepDocumentEmailsJob: JobFactory<'sweep-document-emails'> = (services) => ({
  name: 'sweep-document-emails',
  every: '10 seconds',
  concurrency: 1,
  run: async () => {
    const sent = await services.deliverDocumentEmail.drainDue();
    if (sent) services.deps.logger.info({ sent }, 'correos pendientes procesados por el barrido');
  },
});
