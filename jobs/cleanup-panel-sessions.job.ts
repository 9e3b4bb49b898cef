import type { JobFactory } from './job-definition';

/** Every 15 minutes: removes expired panel sessions and login failures past the throttling windows. */
export const cleanupPanelSessionsJob: JobFactory<'cleanup-panel-sessions'> = (services) => ({
  name: 'cleanup-panel-sessions',
  every: '15 minutes',
  concurrency: 1,
  run: async () => {
    const r = await services.cleanupPanelSessions.execute();
    if (r.sessions || r.failures) services.deps.logger.info(r, 'sesiones del panel vencidas e intentos fallidos antiguos eliminados');
  },
});
