import type { SessionEndedEvent, SessionEventsBus } from '../../services/ports/session-events.port';
import { createLocalChannel, type PgNoticeHub } from './notify-channel';

/** In-process bus (embedded database, CLI, a single process). */
export const createLocalSessionEvents = (): SessionEventsBus => createLocalChannel<SessionEndedEvent>();

/** LISTEN/NOTIFY: logout in one API process closes the sockets another process holds. */
export const createPgSessionEvents = (hub: PgNoticeHub): SessionEventsBus => hub.channel<SessionEndedEvent>('dte_panel_session');
