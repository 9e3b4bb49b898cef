import type { PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import type { SessionEndedEvent, SessionEventsBus } from '../../services/shared/session-events.port';
import { createLocalChannel, createPgChannel } from './notify-channel';

/** In-process bus (embedded database, CLI, a single process). */
export const createLocalSessionEvents = (): SessionEventsBus => createLocalChannel<SessionEndedEvent>();

/** LISTEN/NOTIFY: logout in one API process closes the sockets another process holds. */
export const createPgSessionEvents = (pool: PoolConfig, logger: Logger): Promise<SessionEventsBus> =>
  createPgChannel<SessionEndedEvent>('dte_panel_session', pool, logger);
